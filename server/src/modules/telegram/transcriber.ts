// Speech to text for voice and video notes, on this machine: no network call is made by Tracker,
// and the engine is a local program the operator installs (SPEECH_COMMAND). No speech model for
// Russian can be had from the npm registry or Debian's packages (docs/voice.md says what was tried),
// so Tracker ships the interface and this one local implementation, not a model.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locale } from '@tracker/shared/locales';

export interface AudioFile {
  bytes: Uint8Array;
  /** The note's type as Telegram sent it: `audio/ogg` (Opus) for a voice note, `video/mp4` for a video note. */
  mimeType: string;
}

export interface Transcriber {
  /** The words said, in one line; '' when nothing was heard. Rejects when the engine fails. */
  transcribe(audio: AudioFile, locale: Locale): Promise<string>;
}

const EXTENSIONS: Record<string, string> = { 'audio/ogg': 'ogg', 'audio/mpeg': 'mp3', 'audio/mp4': 'm4a', 'video/mp4': 'mp4' };

/**
 * Runs a local speech-to-text program: `command` is split on spaces (no shell), `{file}` becomes
 * the note's path (as Telegram sent it) and `{lang}` the expected language (`ru`, `en`). Whatever it
 * prints on stdout is the transcript. For example whisper.cpp's `whisper-cli -m ggml-base.bin -l {lang} -nt -np -f {file}`.
 */
export function commandTranscriber(command: string, timeoutMs: number): Transcriber {
  const [program, ...args] = command.trim().split(/\s+/);
  if (!program) throw new Error('SPEECH_COMMAND is empty');
  return {
    async transcribe(audio, locale) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'tracker-voice-'));
      try {
        const file = path.join(dir, `note.${EXTENSIONS[audio.mimeType] ?? 'bin'}`);
        await writeFile(file, audio.bytes);
        const filled = args.map((a) => a.replaceAll('{file}', file).replaceAll('{lang}', locale));
        const stdout = await new Promise<string>((resolve, reject) => {
          execFile(program, filled, { timeout: timeoutMs, maxBuffer: 1024 * 1024 }, (err, out) => (err ? reject(err) : resolve(out)));
        });
        return stdout.replace(/\s+/g, ' ').trim();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
