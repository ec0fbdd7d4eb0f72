#!/usr/bin/env bash
# /usr/local/sbin/filmroom-backup
# Backs up FilmRoom into BACKUP_DIR: the database first, then the files, so that every video in
# the database dump has its files in the same backup. Keeps the newest KEEP backups.
#
#   External PostgreSQL (DATABASE_URL set): pg_dump while FilmRoom keeps running, then the files
#   (rsync of DATA_DIR/blobs, or rclone of the S3 bucket).
#   Embedded database (DATABASE_URL unset): copies DATA_DIR while FilmRoom runs, then stops the
#   FilmRoom service for a second, short pass and starts it again (see docs/deploy.md for why).
set -euo pipefail

ENV_FILE=${ENV_FILE:-/etc/filmroom/filmroom.env}
BACKUP_DIR=${BACKUP_DIR:-/srv/backup/filmroom}
KEEP=${KEEP:-14}
SERVICE=${SERVICE:-filmroom.service}

set -a
# shellcheck source=/dev/null
. "$ENV_FILE"
set +a
DATA_DIR=${DATA_DIR:-/var/lib/filmroom/data}
stamp=$(date +%Y-%m-%dT%H%M%S)
umask 077

# Keeps the newest $KEEP entries (names sort by date) matching a glob in a folder.
prune() {
  local folder=$1 pattern=$2
  find "$folder" -mindepth 1 -maxdepth 1 -name "$pattern" | sort | head -n -"$KEEP" |
    while read -r old; do rm -rf -- "$old"; done
}

# Copies into a snapshot folder for this backup; unchanged files become hard links into the
# previous snapshot, so each one looks complete but only new files take space.
copy() {
  local source=$1 target=$2
  shift 2
  local link=()
  [ -d "$target/latest/" ] && link=(--link-dest="$target/latest/")
  rsync -aH --delete "${link[@]}" "$@" "$source" "$target/$stamp.partial/"
}
finish() {
  mv "$1/$stamp.partial" "$1/$stamp"
  ln -sfn "$stamp" "$1/latest"
}

if [ -z "${DATABASE_URL:-}" ]; then
  # The embedded PostgreSQL: copy its files while it is stopped.
  mkdir -p "$BACKUP_DIR/data"
  excludes=(--exclude=/blobs/.partial/ --exclude=/blobs/incoming/)
  # First pass with FilmRoom running: the bulk of the videos, without downtime. Files that
  # change meanwhile (exit code 24: some vanished) are fixed by the second pass.
  copy "$DATA_DIR/" "$BACKUP_DIR/data" "${excludes[@]}" || [ $? -eq 24 ]
  # Second pass with FilmRoom stopped: the database files and what changed since.
  systemctl stop "$SERVICE"
  trap 'systemctl start "$SERVICE"' EXIT
  copy "$DATA_DIR/" "$BACKUP_DIR/data" "${excludes[@]}"
  systemctl start "$SERVICE"
  trap - EXIT
  finish "$BACKUP_DIR/data"
  prune "$BACKUP_DIR/data" '20*'
  echo "filmroom-backup: $BACKUP_DIR/data/$stamp"
  exit 0
fi

# 1. The database. pg_dump must be the server's major version or newer.
mkdir -p "$BACKUP_DIR/db"
pg_dump --format=custom --file="$BACKUP_DIR/db/filmroom-$stamp.dump.partial" --dbname="$DATABASE_URL"
mv "$BACKUP_DIR/db/filmroom-$stamp.dump.partial" "$BACKUP_DIR/db/filmroom-$stamp.dump"

# 2. The files, after the database.
if [ -n "${S3_BUCKET:-}" ]; then
  # rclone reads the bucket's settings from these variables; no rclone.conf is needed.
  export RCLONE_CONFIG_FILMROOM_TYPE=s3 RCLONE_CONFIG_FILMROOM_PROVIDER=Other \
    RCLONE_CONFIG_FILMROOM_ACCESS_KEY_ID="${S3_ACCESS_KEY_ID:-}" \
    RCLONE_CONFIG_FILMROOM_SECRET_ACCESS_KEY="${S3_SECRET_ACCESS_KEY:-}" \
    RCLONE_CONFIG_FILMROOM_ENDPOINT="${S3_ENDPOINT:-}" \
    RCLONE_CONFIG_FILMROOM_REGION="${S3_REGION:-us-east-1}"
  mkdir -p "$BACKUP_DIR/bucket"
  # A mirror of the bucket; files deleted since the last run move to removed-<date>.
  rclone sync "filmroom:$S3_BUCKET" "$BACKUP_DIR/bucket/current" --fast-list --exclude 'incoming/**' \
    --backup-dir "$BACKUP_DIR/bucket/removed-$stamp"
  prune "$BACKUP_DIR/bucket" 'removed-*'
else
  mkdir -p "$BACKUP_DIR/blobs"
  copy "$DATA_DIR/blobs/" "$BACKUP_DIR/blobs" --exclude=/.partial/ --exclude=/incoming/
  finish "$BACKUP_DIR/blobs"
  prune "$BACKUP_DIR/blobs" '20*'
fi
prune "$BACKUP_DIR/db" 'filmroom-*.dump'
echo "filmroom-backup: $BACKUP_DIR/db/filmroom-$stamp.dump"
