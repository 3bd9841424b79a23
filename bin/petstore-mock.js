#!/usr/bin/env node
import { runCli } from '../dist/src/cli/mock.js';

await runCli();
