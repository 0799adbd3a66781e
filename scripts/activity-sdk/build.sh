#!/usr/bin/env bash
# Bundles Discord's Embedded App SDK (pinned in package.json and package-lock.json) into one
# script the Activity page loads, so that building the bot needs no Node: the bundle is
# committed as src/front/web/activity-sdk.js. `build.sh --check` builds it aside and fails
# when the committed bundle differs (CI runs it).
set -euo pipefail
cd "$(dirname "$0")"
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
out=../../src/front/web/activity-sdk.js
target=$out
if [ "${1:-}" = "--check" ]; then
  target=$(mktemp)
fi
# The SDK (MIT, Copyright (c) 2024 Discord Inc.) and what it bundles (eventemitter3, uuid,
# zod, decimal.js-light, lodash.transform: MIT; big-integer: Unlicense) keep their notice.
banner="/*! @discord/embedded-app-sdk 2.5.0 (MIT, Copyright (c) 2024 Discord Inc.) with \
eventemitter3, uuid, zod, decimal.js-light, lodash.transform (MIT) and big-integer \
(Unlicense), their authors'. Bundled by scripts/activity-sdk/build.sh. */"
./node_modules/.bin/esbuild entry.js --bundle --format=iife --minify --target=es2020 \
  --legal-comments=eof --log-level=warning --banner:js="$banner" --outfile="$target"
if [ "${1:-}" = "--check" ]; then
  if ! cmp -s "$target" "$out"; then
    echo "src/front/web/activity-sdk.js is not what scripts/activity-sdk/build.sh builds" >&2
    exit 1
  fi
  echo "activity-sdk.js matches its build"
fi
