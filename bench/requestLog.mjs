// Preloaded into Depot by `npm run bench -- --depot-request-log FILE` (`node --import`): one JSON
// line per HTTP request, when it started, when its answer's head came and when it ended, for
// seed 001's hedging question (ADR 0013): how long each idempotent read waited, on the harsh
// link. Measurement only: Depot's own code is not changed by it.
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';

const file = process.env.DEPOT_REQUEST_LOG;
if (file !== undefined && file !== '') {
  const wrap = (mod) => {
    const original = mod.request;
    mod.request = function request(...args) {
      const req = original.apply(this, args);
      const start = Date.now();
      let head = null;
      let status = null;
      let written = false;
      // The first of the answer's end, its close or the request's error ends the line.
      const once = (error) => {
        if (written) return;
        written = true;
        const line = {
          start,
          head,
          end: Date.now(),
          method: req.method,
          path: req.path,
          status,
          error,
        };
        appendFileSync(file, `${JSON.stringify(line)}\n`);
      };
      req.once('response', (res) => {
        head = Date.now();
        status = res.statusCode;
        res.once('end', () => once(null));
        res.once('close', () => once(null));
      });
      req.once('error', (error) => once(String(error.code ?? error.message)));
      req.once('close', () => {
        if (head === null) once('closed');
      });
      return req;
    };
  };
  wrap(http);
  wrap(https);
  syncBuiltinESMExports();
}
