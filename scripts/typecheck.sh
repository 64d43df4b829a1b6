#!/usr/bin/env bash
# tsc --noEmit over every workspace (each has its own libs: DOM for the web app, Node for the rest).
set -euo pipefail
cd "$(dirname "$0")/.."
for project in packages/engine packages/protocol packages/content apps/server apps/media apps/web e2e bench; do
  if [ -f "$project/tsconfig.json" ]; then
    echo "typecheck $project"
    npx tsc -p "$project/tsconfig.json"
  fi
done
