#!/usr/bin/env node
// A random bot for the arena, in Node.js: it proves the gRPC protocol is language neutral.
//
// It loads the arena's .proto files at run time (no generated code), opens one Play stream,
// sends Hello, and answers every DecisionRequest with a uniformly random legal action id.
// It plays any game and any number of matches at once, and exits when the stream ends.
//
//   node bot.js --address HOST:PORT --token TOKEN --name NAME [--game GAME ...]
//
// Every flag falls back to the environment the arena gives the bots it launches:
// ARENA_ADDRESS, ARENA_TOKEN, ARENA_BOT_NAME.
'use strict';

const fs = require('fs');
const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const PROTOCOL_VERSION = 1;
const PROTO_ROOT = path.resolve(__dirname, '..', '..', '..', 'proto');
const SERVICE_PROTO = 'arena/v1/arena_service.proto';

// Status codes after which retrying cannot help: the bot is misconfigured.
const FATAL = new Set([
  grpc.status.UNAUTHENTICATED,
  grpc.status.FAILED_PRECONDITION,
  grpc.status.INVALID_ARGUMENT,
  grpc.status.PERMISSION_DENIED,
]);

const USAGE = `usage: node bot.js [--address HOST:PORT] [--token TOKEN] [--name NAME] [--game GAME ...]
                   [--tls-ca FILE [--tls-cert FILE --tls-key FILE]]

  --address   host:port of the arena (env ARENA_ADDRESS; default 127.0.0.1:50051)
  --token     the bot's token from \`arena bot add\` (env ARENA_TOKEN)
  --name      the bot's name (env ARENA_BOT_NAME; default node-random)
  --game      a game this bot plays (repeatable; default: every game)
  --tls-ca    connect over TLS, trusting this CA (PEM) for the arena (env ARENA_TLS_CA)
  --tls-cert  this bot's certificate (PEM), for an arena that asks for one (env ARENA_TLS_CERT)
  --tls-key   the key of --tls-cert (PEM; env ARENA_TLS_KEY)`;

const FLAGS = ['--address', '--token', '--name', '--game', '--tls-ca', '--tls-cert', '--tls-key'];

function parseArgs(argv, env) {
  const args = {
    address: env.ARENA_ADDRESS || '127.0.0.1:50051',
    token: env.ARENA_TOKEN || '',
    name: env.ARENA_BOT_NAME || 'node-random',
    games: [],
    'tls-ca': env.ARENA_TLS_CA || '',
    'tls-cert': env.ARENA_TLS_CERT || '',
    'tls-key': env.ARENA_TLS_KEY || '',
  };
  for (let i = 0; i < argv.length; i++) {
    let flag = argv[i];
    let value;
    const eq = flag.indexOf('=');
    if (flag.startsWith('--') && eq > 0) {
      value = flag.slice(eq + 1);
      flag = flag.slice(0, eq);
    }
    if (flag === '-h' || flag === '--help') {
      console.log(USAGE);
      process.exit(0);
    }
    if (!FLAGS.includes(flag)) {
      fail(`unknown argument ${JSON.stringify(argv[i])}; accepted: ${FLAGS.join(', ')}\n${USAGE}`, 2);
    }
    if (value === undefined) {
      if (i + 1 >= argv.length) fail(`${flag} needs a value\n${USAGE}`, 2);
      value = argv[++i];
    }
    if (flag === '--game') args.games.push(value);
    else args[flag.slice(2)] = value;
  }
  if (!args.address) fail(`--address is empty; accepted: HOST:PORT\n${USAGE}`, 2);
  if (Boolean(args['tls-cert']) !== Boolean(args['tls-key'])) {
    fail(`--tls-cert and --tls-key go together\n${USAGE}`, 2);
  }
  return args;
}

function fail(message, code = 1) {
  process.stderr.write(`node-bot: ${message}\n`);
  process.exit(code);
}

// Plaintext, or TLS trusting --tls-ca (and presenting --tls-cert for mutual TLS).
function credentials(args) {
  if (!args['tls-ca'] && !args['tls-cert']) return grpc.credentials.createInsecure();
  const read = (flag) => {
    if (!args[flag]) return null;
    try {
      return fs.readFileSync(args[flag]);
    } catch (error) {
      return fail(`--${flag} ${args[flag]}: ${error.message}`, 2);
    }
  };
  return grpc.credentials.createSsl(read('tls-ca'), read('tls-key'), read('tls-cert'));
}

function loadService() {
  const definition = protoLoader.loadSync(SERVICE_PROTO, {
    keepCase: true, // field names as in the .proto: bot_name, decision_id, ...
    longs: String, // uint64 decision_id round-trips exactly as a decimal string
    enums: String,
    defaults: true,
    oneofs: true, // `response.message` names the field of the oneof that is set
    includeDirs: [PROTO_ROOT], // so that `import "arena/v1/game.proto"` resolves
  });
  return grpc.loadPackageDefinition(definition).arena.v1.ArenaService;
}

function randomLegalId(legal) {
  return legal[Math.floor(Math.random() * legal.length)].id;
}

function main() {
  const args = parseArgs(process.argv.slice(2), process.env);
  const tag = `node-bot ${args.name}`;
  let ArenaService;
  try {
    ArenaService = loadService();
  } catch (error) {
    fail(`cannot load the protocol from ${PROTO_ROOT}: ${error.message}`);
  }
  const client = new ArenaService(args.address, credentials(args));
  const call = client.Play();
  const matches = new Map(); // match id -> MatchStarted, for the matches in progress
  let finished = 0;

  call.on('data', (response) => {
    switch (response.message) {
      case 'welcome':
        break;
      case 'match_started':
        matches.set(response.match_started.match_id, response.match_started);
        break;
      case 'decision_request': {
        const request = response.decision_request;
        if (request.legal.length === 0) {
          process.stderr.write(`${tag}: decision ${request.decision_id} of match ` +
            `${request.match_id} has no legal actions; not answering\n`);
          break;
        }
        call.write({
          move: {
            match_id: request.match_id,
            decision_id: request.decision_id,
            action_id: randomLegalId(request.legal),
          },
        });
        break;
      }
      case 'match_ended':
        matches.delete(response.match_ended.match_id);
        finished += 1;
        break;
      case 'error': {
        const error = response.error;
        const where = error.match_id ? ` (match ${error.match_id}, decision ${error.decision_id})` : '';
        process.stderr.write(`${tag}: the arena refused a message, code ${error.code}${where}: ` +
          `${error.message}\n`);
        break;
      }
      default:
        process.stderr.write(`${tag}: ignoring an unknown message ${JSON.stringify(response.message)}\n`);
    }
  });

  // 'status' comes once, after the stream has ended one way or the other; 'error' comes
  // before it for a non-OK status and must be handled, or Node throws it.
  call.on('error', () => {});
  call.on('status', (status) => {
    client.close();
    if (status.code === grpc.status.OK) {
      process.exitCode = 0;
      return;
    }
    const name = Object.keys(grpc.status).find((key) => grpc.status[key] === status.code) || status.code;
    if (FATAL.has(status.code)) {
      fail(`the arena at ${args.address} refused this bot: ${name}: ${status.details}`, 3);
    }
    fail(`the stream to ${args.address} ended with ${name}: ${status.details} ` +
      `(${finished} matches finished, ${matches.size} in progress)`, 1);
  });
  // The arena closing its side ends our side too.
  call.on('end', () => call.end());

  call.write({
    hello: {
      bot_name: args.name,
      token: args.token,
      protocol_version: PROTOCOL_VERSION,
      games: args.games,
      max_concurrent_matches: 0,
    },
  });

  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      call.cancel();
      process.exit(0);
    });
  }
}

main();
