import sharp, { type Sharp } from 'sharp';

export type PhotoBody = { name: string; data: Buffer; contentType: string };

type Pixels = {
  width: number;
  height: number;
  channels: 1 | 3 | 4;
  at: (x: number, y: number) => number[];
};

const PLAIN = {
  black: [0, 0, 0],
  white: [255, 255, 255],
  grey: [128, 128, 128],
  red: [220, 20, 30],
};

/** Raw pixels, for images sharp's `create` cannot make (gradients, odd channel counts). */
function raw({ width, height, channels, at }: Pixels) {
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      data.set(at(x, y), (y * width + x) * channels);
    }
  }
  return sharp(data, { raw: { width, height, channels } });
}

/** Each way of writing the same picture: PNG, baseline JPEG, progressive JPEG. */
async function encodings(name: string, image: () => Sharp): Promise<PhotoBody[]> {
  return [
    { name: `${name} PNG`, data: await image().png().toBuffer(), contentType: 'image/png' },
    { name: `${name} JPEG`, data: await image().jpeg().toBuffer(), contentType: 'image/jpeg' },
    {
      name: `${name} progressive JPEG`,
      data: await image().jpeg({ progressive: true }).toBuffer(),
      contentType: 'image/jpeg',
    },
  ];
}

let made: Promise<PhotoBody[]> | undefined;

/**
 * Photos with nothing in them for the face step to find, made at test time with sharp: plain
 * colours, gradients and tiny images (1×1, 2×2), as PNG and JPEG, and the odd forms of those
 * formats (greyscale, alpha, a palette, CMYK). A profile photo route must take each or refuse
 * it with a 4xx, never fail.
 */
export function plainPhotoBodies(): Promise<PhotoBody[]> {
  return (made ??= (async () => {
    const bodies: PhotoBody[] = [];
    for (const [colour, rgb] of Object.entries(PLAIN)) {
      for (const size of [1, 2, 800]) {
        bodies.push(
          ...(await encodings(`${size}×${size} plain ${colour}`, () =>
            raw({ width: size, height: size, channels: 3, at: () => rgb }),
          )),
        );
      }
    }
    const gradients: [string, Pixels][] = [
      [
        '64×64 horizontal grey gradient',
        { width: 64, height: 64, channels: 3, at: (x) => [x * 4, x * 4, x * 4] },
      ],
      [
        '800×600 diagonal colour gradient',
        {
          width: 800,
          height: 600,
          channels: 3,
          at: (x, y) => [Math.round((x / 800) * 255), Math.round((y / 600) * 255), 128],
        },
      ],
      [
        '2×2 chequer',
        {
          width: 2,
          height: 2,
          channels: 3,
          at: (x, y) => ((x + y) % 2 ? [255, 255, 255] : [0, 0, 0]),
        },
      ],
      ['1×300 strip', { width: 1, height: 300, channels: 3, at: (_x, y) => [y % 256, 0, 0] }],
    ];
    for (const [name, pixels] of gradients)
      bodies.push(...(await encodings(name, () => raw(pixels))));

    const grey = () =>
      raw({ width: 2, height: 2, channels: 1, at: () => [200] }).toColourspace('b-w');
    const clear = { width: 1, height: 1, channels: 4 as const, at: () => [0, 0, 0, 0] };
    bodies.push(
      {
        name: '2×2 greyscale PNG',
        data: await grey().png().toBuffer(),
        contentType: 'image/png',
      },
      {
        name: '2×2 greyscale JPEG',
        data: await grey().jpeg().toBuffer(),
        contentType: 'image/jpeg',
      },
      {
        name: '1×1 fully transparent PNG',
        data: await raw(clear).png().toBuffer(),
        contentType: 'image/png',
      },
      {
        name: '2×2 palette PNG',
        data: await raw({ width: 2, height: 2, channels: 3, at: () => PLAIN.red })
          .png({ palette: true })
          .toBuffer(),
        contentType: 'image/png',
      },
      {
        name: '2×2 16-bit PNG',
        data: await raw({ width: 2, height: 2, channels: 3, at: () => PLAIN.grey })
          .toColourspace('rgb16')
          .png()
          .toBuffer(),
        contentType: 'image/png',
      },
      {
        name: '2×2 CMYK JPEG',
        data: await raw({ width: 2, height: 2, channels: 3, at: () => PLAIN.red })
          .toColourspace('cmyk')
          .jpeg()
          .toBuffer(),
        contentType: 'image/jpeg',
      },
    );
    return bodies;
  })());
}
