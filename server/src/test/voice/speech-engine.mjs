#!/usr/bin/env node
// The speech engine of the bot's voice tests, run as SPEECH_COMMAND (`node speech-engine.mjs {file}
// {lang}`), because no speech model for Russian can be had from the registries (docs/voice.md). It
// stands in for a real engine where none can be had, and refuses like one: a file that is not an
// Ogg Opus stream (what Telegram sends as a voice note) fails with exit code 1, and an unknown
// language too. It knows only the clips scripts/make-voice-clips.sh made with espeak-ng, by hash,
// and prints what was said; any other audio is silence (nothing printed).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const [file, lang] = process.argv.slice(2);
if (!file || !['ru', 'en'].includes(lang ?? '')) {
  console.error('usage: speech-engine.mjs <file> <ru|en>');
  process.exit(2);
}
const audio = readFileSync(file);
if (audio.subarray(0, 4).toString('latin1') !== 'OggS' || !audio.includes(Buffer.from('OpusHead'))) {
  console.error(`${file}: not an Ogg Opus stream`);
  process.exit(1);
}
const clips = JSON.parse(readFileSync(new URL('./clips.json', import.meta.url), 'utf8'));
const said = clips[createHash('sha256').update(audio).digest('hex')];
if (said) process.stdout.write(`${said}\n`);
