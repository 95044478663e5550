'use strict';
// The main file of a Piston job whose harness travels packed (runner/piston.py, `packed`).
// A trace's harness is larger than the request body a stock Piston server takes (100 KB): it
// comes as harness.b64, the zlib-compressed files in base64, which this writes beside itself
// before the harness starts as it would have otherwise. Node's built-ins only.
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const packed = fs.readFileSync(path.join(__dirname, 'harness.b64'), 'ascii');
const parts = zlib.inflateSync(Buffer.from(packed, 'base64')).toString('utf8').split('\0');
for (let i = 0; i + 1 < parts.length; i += 2) {
  fs.writeFileSync(path.join(__dirname, path.basename(parts[i])), parts[i + 1], 'utf8');
}
require('./harness.js');
