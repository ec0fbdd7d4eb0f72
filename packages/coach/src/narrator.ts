import type OpenAI from 'openai';
import { askedLineOf, withReadingsAskedLine } from './asked-line';
import { inventedNumbers, numbersIn } from './grounding';
import type { CoachAnalysis } from './index';

export type LanguageModelSettings = {
  /** Any OpenAI-compatible endpoint: OpenAI, Ollama, vLLM, llama.cpp server, LM Studio. */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** Ask for a streamed answer (some local servers only stream well). */
  stream?: boolean;
  timeoutMs?: number;
};

export type Narrative = {
  textAnalysis: string;
  overallFeedback: string | null;
  /** `model` when the language model's wording was used, `measurements` when it was not. */
  source: 'model' | 'measurements';
};

const SYSTEM_PROMPT = [
  'You are an experienced sports coach writing feedback on one video clip.',
  'You are given MEASUREMENTS taken from the clip by a vision system, and a DRAFT written from them.',
  'Rewrite the draft so it reads like a coach talking to this athlete.',
  'Rules:',
  '- Each athlete is doing the movement named in MEASUREMENTS (e.g. a golf swing). Coach that movement in its own words; never give advice from another movement (no squat depth for a golf swing).',
  '- Quote each measured value exactly as its record\'s "text" writes it. Never invent, estimate or round differently.',
  '- Do not mention anything the measurements do not show.',
  '- Keep the markdown table of measures as it is.',
  '- Follow the coach instructions when given (focus, level, tone), within these rules.',
  'Answer with the technical analysis in markdown, then a line containing only ---,',
  'then the overall feedback in two or three plain sentences.',
].join('\n');

/**
 * Lets a language model phrase the measured analysis, never change it: any number in the
 * model's text that the measurements do not contain sends the analysis back to the measured
 * wording. Failures of the model service do the same; the analysis never depends on it.
 */
export class Narrator {
  private client: OpenAI | undefined;

  constructor(private readonly settings: LanguageModelSettings) {}

  /** The client, made at the first call: a server without a model never loads `openai`. */
  private async openai(): Promise<OpenAI> {
    if (!this.client) {
      const { default: OpenAI } = await import('openai');
      this.client = new OpenAI({
        baseURL: this.settings.baseUrl,
        apiKey: this.settings.apiKey ?? 'not-needed',
        timeout: this.settings.timeoutMs ?? 60_000,
        maxRetries: 1,
      });
    }
    return this.client;
  }

  async narrate(analysis: CoachAnalysis, instructions = ''): Promise<Narrative> {
    const measured: Narrative = {
      textAnalysis: analysis.textAnalysis,
      overallFeedback: analysis.overallFeedback,
      source: 'measurements',
    };
    const measurements = JSON.stringify({
      athletes: analysis.readings.map((reading) => ({
        name: reading.name,
        movement: reading.movementLabel,
        view: reading.view,
        events: reading.events,
        metrics: reading.metrics.map(({ name, text, t, target, status }) => ({
          name,
          text,
          t,
          target,
          status,
        })),
        notMeasured: reading.withheld,
      })),
      coachingPoints: analysis.coachingPoints.map(({ timestamp, title, description, type }) => ({
        timestamp,
        title,
        description,
        type,
      })),
    });
    const draft = `${analysis.textAnalysis}\n---\n${analysis.overallFeedback ?? ''}`;
    const user = [
      `MEASUREMENTS:\n${measurements}`,
      `DRAFT:\n${draft}`,
      instructions.trim() ? `COACH INSTRUCTIONS:\n${instructions.trim()}` : '',
    ]
      .filter(Boolean)
      .join('\n\n');

    let answer: string;
    try {
      answer = await this.complete(user);
    } catch {
      return measured;
    }
    const [text, feedback] = answer.split(/\n-{3,}\n/);
    if (!text?.trim()) return measured;
    const allowed = numbersIn(`${measurements}\n${draft}\n${instructions}`);
    if (inventedNumbers(answer, allowed).length > 0) return measured;
    return {
      // The banner says what the reading did, never what the model says was done.
      textAnalysis: withReadingsAskedLine(text, askedLineOf(analysis.textAnalysis)),
      overallFeedback: feedback?.trim() || analysis.overallFeedback,
      source: 'model',
    };
  }

  /**
   * Asks the model for a one-word answer, so whoever runs the server can see it answers (the
   * Admin area's test). Unlike `narrate`, a failure is thrown, not hidden.
   */
  async check(): Promise<string> {
    const client = await this.openai();
    const response = await client.chat.completions.create({
      model: this.settings.model,
      messages: [{ role: 'user', content: 'Reply with the single word: ready' }],
      max_tokens: 5,
      temperature: 0,
    });
    return response.choices[0]?.message.content?.trim() ?? '';
  }

  private async complete(user: string): Promise<string> {
    const messages = [
      { role: 'system' as const, content: SYSTEM_PROMPT },
      { role: 'user' as const, content: user },
    ];
    if (!this.settings.stream) {
      const response = await (
        await this.openai()
      ).chat.completions.create({
        model: this.settings.model,
        messages,
        temperature: 0.2,
      });
      return response.choices[0]?.message.content ?? '';
    }
    const stream = await (
      await this.openai()
    ).chat.completions.create({
      model: this.settings.model,
      messages,
      temperature: 0.2,
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    return text;
  }
}
