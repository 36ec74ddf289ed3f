#!/usr/bin/env bash
# Makes the voice notes the bot's voice tests send (server/src/test/voice/): espeak-ng speaks each
# phrase, opusenc packs it as Telegram sends voice notes (Ogg Opus, 16 kHz mono). Needs the Debian
# packages espeak-ng and opus-tools. The phrases are in clips.json, which the test speech engine reads.
set -euo pipefail
cd "$(dirname "$0")/../server/src/test/voice"
make() { # name voice text
  espeak-ng -v "$2" -s 150 -w "/tmp/$1.wav" "$3"
  opusenc --quiet --bitrate 16 --downmix-mono "/tmp/$1.wav" "$1.ogg"
  rm "/tmp/$1.wav"
}
make ru ru 'Починить вход завтра, высокий приоритет'
make en en 'Fix the login tomorrow at high priority'
# Opus streams carry a random serial number: the engine knows each clip by its bytes' hash.
{
  echo '{'
  echo "  \"$(sha256sum ru.ogg | cut -d' ' -f1)\": \"Починить вход завтра, высокий приоритет\","
  echo "  \"$(sha256sum en.ogg | cut -d' ' -f1)\": \"Fix the login tomorrow at high priority\""
  echo '}'
} > clips.json
