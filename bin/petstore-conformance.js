#!/usr/bin/env node
import { runCli } from '../dist/conformance/cli.js';

runCli();
