#!/usr/bin/env bash
# Gradescope runs this once while building the autograder image. The uploaded zip is unpacked in
# /autograder/source: this script, run_autograder, assignment.json and the student template in kit/
# (built by `pnpm classroom gradescope <day> --out DIR`; it holds no solutions).
set -euo pipefail

apt-get update
apt-get install -y --no-install-recommends ca-certificates curl
# Node 24 from NodeSource: the base image's Node (if any) is too old for the kit (Node >= 20).
curl -fsSL https://deb.nodesource.com/setup_24.x | bash -
apt-get install -y nodejs
npm install -g pnpm@10

cd /autograder/source/kit
pnpm install --frozen-lockfile
# run_autograder runs as root, so the grader runs student code as `nobody`, who must be able to
# read the kit and its modules (and nothing else of the image's that only root may read).
chmod -R a+rX /autograder/source
