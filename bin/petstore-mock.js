#!/usr/bin/env node
import '../dist/src/cli/mock.js';
