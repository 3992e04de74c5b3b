#!/usr/bin/env bash
# Gradescope runs this once while building the autograder image. The uploaded zip is unpacked in
# /autograder/source: this script, run_autograder, and the course kit in kit/.
set -euo pipefail

apt-get update
apt-get install -y --no-install-recommends ca-certificates curl
# Node 22 from NodeSource: the base image's Node (if any) is too old for the kit (Node >= 20).
curl -fsSL https://deb.nodesource.com/setup_22.x | bash -
apt-get install -y nodejs
npm install -g pnpm@10

cd /autograder/source/kit
pnpm install --frozen-lockfile
