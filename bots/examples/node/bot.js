#!/usr/bin/env node
// A random bot for the arena, in Node.js: it proves the protocol is language neutral.
//
// It loads the arena's .proto files at run time (no generated code), sends Hello, and answers
// every DecisionRequest with a uniformly random legal action id. It plays any game. It speaks
// one of the arena's two transports, and picks it by itself:
//
//   - gRPC (a registered bot, run by hand): one Play stream to --address, with --token; any
//     number of matches at once; it exits when the stream ends.
//       node bot.js --address HOST:PORT --token TOKEN --name NAME [--game GAME ...]
//   - standard streams (a bot the arena launches, `arena tournament --bot NAME=COMMAND`): the
//     arena sets ARENA_TRANSPORT=stdio and ARENA_BOT_NAME, and the bot, which has no network
//     in its sandbox, reads PlayResponse messages on stdin and writes PlayRequest messages on
//     stdout, each preceded by its length as a protobuf varint (protobuf's delimited form).
//     stdout then carries nothing else: console.log and process.stdout.write go to stderr,
//     the bot's log. It exits 0 on SessionEnded or at the end of its input, 3 if its Hello
//     is refused. gRPC is not even loaded.
//
// Every flag falls back to the environment: ARENA_ADDRESS, ARENA_TOKEN, ARENA_BOT_NAME.
'use strict';

const fs = require('fs');
const path = require('path');

const PROTOCOL_VERSION = 1;
const PROTO_ROOT = path.resolve(__dirname, '..', '..', '..', 'proto');
const SERVICE_PROTO = 'arena/v1/arena_service.proto';
// How messages decode in both modes: field names as in the .proto (bot_name, decision_id),
// uint64 as decimal strings (decision_id round-trips exactly), `response.message` naming the
// field of the oneof that is set, every field present.
const DECODING = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true };
// The longest frame read from the arena (its own limit on what it sends is far lower).
const MAX_FRAME_BYTES = 64 << 20;

// Status codes after which retrying cannot help: the bot is misconfigured.
const FATAL_STATUS = ['UNAUTHENTICATED', 'FAILED_PRECONDITION', 'INVALID_ARGUMENT',
  'PERMISSION_DENIED'];

const USAGE = `usage: node bot.js [--address HOST:PORT] [--token TOKEN] [--name NAME] [--game GAME ...]
                   [--tls-ca FILE [--tls-cert FILE --tls-key FILE]]

  --address   host:port of the arena (env ARENA_ADDRESS; default 127.0.0.1:50051)
  --token     the bot's token from \`arena bot add\` (env ARENA_TOKEN)
  --name      the bot's name (env ARENA_BOT_NAME; default node-random)
  --game      a game this bot plays (repeatable; default: every game)
  --tls-ca    connect over TLS, trusting this CA (PEM) for the arena (env ARENA_TLS_CA)
  --tls-cert  this bot's certificate (PEM), for an arena that asks for one (env ARENA_TLS_CERT)
  --tls-key   the key of --tls-cert (PEM; env ARENA_TLS_KEY)

With ARENA_TRANSPORT=stdio in the environment (set by the arena for the bots it launches) the
bot plays over its stdin and stdout instead, and --address, --token and --tls-* are ignored.`;

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

function randomLegalId(legal) {
  return legal[Math.floor(Math.random() * legal.length)].id;
}

// What both transports share: the matches in progress, and the answer to each message from
// the arena (a PlayRequest to send, or null).
class Player {
  constructor(tag) {
    this.tag = tag;
    this.matches = new Map(); // match id -> MatchStarted, for the matches in progress
    this.finished = 0;
  }

  handle(response) {
    switch (response.message) {
      case 'welcome':
        return null;
      case 'match_started':
        this.matches.set(response.match_started.match_id, response.match_started);
        return null;
      case 'decision_request': {
        const request = response.decision_request;
        if (request.legal.length === 0) {
          this.log(`decision ${request.decision_id} of match ${request.match_id} has no legal ` +
            'actions; not answering');
          return null;
        }
        return {
          move: {
            match_id: request.match_id,
            decision_id: request.decision_id,
            action_id: randomLegalId(request.legal),
          },
        };
      }
      case 'match_ended':
        this.matches.delete(response.match_ended.match_id);
        this.finished += 1;
        return null;
      case 'error': {
        const error = response.error;
        const where = error.match_id ? ` (match ${error.match_id}, decision ${error.decision_id})` : '';
        this.log(`the arena refused a message, code ${error.code}${where}: ${error.message}`);
        return null;
      }
      case 'session_ended':
        return null;
      default:
        this.log(`ignoring an unknown message ${JSON.stringify(response.message)}`);
        return null;
    }
  }

  log(message) {
    process.stderr.write(`${this.tag}: ${message}\n`);
  }
}

// ---- gRPC: a registered bot, run by hand against `arena serve` ----

// Plaintext, or TLS trusting --tls-ca (and presenting --tls-cert for mutual TLS).
function credentials(grpc, args) {
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

function playGrpc(args) {
  const grpc = require('@grpc/grpc-js');
  const protoLoader = require('@grpc/proto-loader');
  const tag = `node-bot ${args.name}`;
  let ArenaService;
  try {
    const definition = protoLoader.loadSync(SERVICE_PROTO, {
      ...DECODING,
      includeDirs: [PROTO_ROOT], // so that `import "arena/v1/game.proto"` resolves
    });
    ArenaService = grpc.loadPackageDefinition(definition).arena.v1.ArenaService;
  } catch (error) {
    fail(`cannot load the protocol from ${PROTO_ROOT}: ${error.message}`);
  }
  const client = new ArenaService(args.address, credentials(grpc, args));
  const call = client.Play();
  const player = new Player(tag);

  call.on('data', (response) => {
    const answer = player.handle(response);
    if (answer !== null) call.write(answer);
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
    if (FATAL_STATUS.includes(name)) {
      fail(`the arena at ${args.address} refused this bot: ${name}: ${status.details}`, 3);
    }
    fail(`the stream to ${args.address} ended with ${name}: ${status.details} ` +
      `(${player.finished} matches finished, ${player.matches.size} in progress)`, 1);
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

// ---- standard streams: a bot the arena launched (ARENA_TRANSPORT=stdio) ----

// Keeps stdout for the frames and sends everything else written there to stderr: console.log
// (which writes to process.stdout) and process.stdout.write. Returns the frames' writer.
function takeStdout() {
  const stdout = process.stdout;
  const writeFrame = stdout.write.bind(stdout);
  stdout.write = process.stderr.write.bind(process.stderr);
  // The global console writes to process.stdout; one on stderr does not depend on that.
  const toStderr = new console.Console({ stdout: process.stderr, stderr: process.stderr });
  for (const method of ['log', 'info', 'debug', 'dir', 'dirxml', 'table', 'group',
    'groupCollapsed', 'groupEnd', 'count', 'countReset', 'time', 'timeLog', 'timeEnd']) {
    console[method] = toStderr[method].bind(toStderr);
  }
  return writeFrame;
}

// protobufjs comes with @grpc/proto-loader; npm puts it at the top of node_modules, but
// find it through proto-loader where it did not.
function loadProtobuf() {
  try {
    return require('protobufjs');
  } catch (error) {
    const loader = path.dirname(require.resolve('@grpc/proto-loader'));
    return require(require.resolve('protobufjs', { paths: [loader] }));
  }
}

function loadMessages() {
  const protobuf = loadProtobuf();
  const root = new protobuf.Root();
  root.resolvePath = (origin, target) => (path.isAbsolute(target) ? target : path.join(PROTO_ROOT, target));
  root.loadSync(SERVICE_PROTO, { keepCase: true });
  root.resolveAll();
  return {
    PlayRequest: root.lookupType('arena.v1.PlayRequest'),
    PlayResponse: root.lookupType('arena.v1.PlayResponse'),
  };
}

// Splits a byte stream into the bodies of varint-delimited frames.
class FrameReader {
  constructor(limit) {
    this.limit = limit;
    this.chunks = [];
    this.size = 0; // bytes in this.chunks
    this.wanted = 1; // bytes needed before the next frame can be complete
  }

  // The frame bodies that `chunk` completes; throws on a broken length or an oversized frame.
  push(chunk) {
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size < this.wanted) return [];
    const buffer = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.size);
    const bodies = [];
    let start = 0;
    this.wanted = 1;
    while (start < buffer.length) {
      let length = 0;
      let at = start;
      let shift = 0;
      let complete = false;
      while (at < buffer.length) {
        const byte = buffer[at++];
        length += (byte & 0x7f) * 2 ** shift;
        if (byte < 0x80) {
          complete = true;
          break;
        }
        shift += 7;
        if (shift > 28) throw new Error('a frame length is not a varint of at most 5 bytes');
      }
      if (!complete) {
        this.wanted = buffer.length - start + 1;
        break;
      }
      if (length > this.limit) {
        throw new Error(`a frame of ${length} bytes; at most ${this.limit} are accepted`);
      }
      if (at + length > buffer.length) {
        this.wanted = at + length - start;
        break;
      }
      bodies.push(buffer.subarray(at, at + length));
      start = at + length;
    }
    const rest = buffer.subarray(start);
    this.chunks = rest.length ? [rest] : [];
    this.size = rest.length;
    return bodies;
  }
}

function playStdio(args, writeFrame) {
  const tag = `node-bot ${args.name}`;
  let messages;
  try {
    messages = loadMessages();
  } catch (error) {
    fail(`cannot load the protocol from ${PROTO_ROOT}: ${error.message}`);
  }
  const { PlayRequest, PlayResponse } = messages;
  const player = new Player(tag);
  const reader = new FrameReader(MAX_FRAME_BYTES);
  let replied = false; // the first reply is Welcome, or a ProtocolError: refused

  const send = (request) => {
    writeFrame(PlayRequest.encodeDelimited(PlayRequest.fromObject(request)).finish());
  };
  const stop = (code, message) => {
    if (message) player.log(message);
    process.exit(code);
  };

  process.stdout.on('error', (error) => stop(1, `cannot write to the arena: ${error.message}`));
  process.stdin.on('error', (error) => stop(1, `cannot read from the arena: ${error.message}`));
  process.stdin.on('end', () => {
    if (player.matches.size > 0) {
      stop(0, `the arena closed the input with ${player.matches.size} matches in progress`);
    }
    stop(0);
  });
  process.stdin.on('data', (chunk) => {
    let bodies;
    try {
      bodies = reader.push(chunk);
    } catch (error) {
      stop(1, `the arena's stream broke: ${error.message}`);
    }
    for (const body of bodies) {
      let response;
      try {
        response = PlayResponse.toObject(PlayResponse.decode(body), DECODING);
      } catch (error) {
        player.log(`ignoring a frame that is no PlayResponse: ${error.message}`);
        continue;
      }
      if (!replied && response.message === 'error') {
        stop(3, `the arena refused this bot, code ${response.error.code}: ${response.error.message}`);
      }
      replied = true;
      if (response.message === 'session_ended') {
        stop(0, null);
      }
      const answer = player.handle(response);
      if (answer !== null) send(answer);
    }
  });

  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));

  send({
    hello: {
      bot_name: args.name,
      protocol_version: PROTOCOL_VERSION,
      games: args.games,
      max_concurrent_matches: 1,
    },
  });
}

function main() {
  const transport = process.env.ARENA_TRANSPORT || 'grpc';
  if (transport === 'stdio') {
    // Before anything can print (even --help): stdout now belongs to the arena.
    const writeFrame = takeStdout();
    playStdio(parseArgs(process.argv.slice(2), process.env), writeFrame);
  } else if (transport === 'grpc') {
    playGrpc(parseArgs(process.argv.slice(2), process.env));
  } else {
    fail(`unknown ARENA_TRANSPORT ${JSON.stringify(transport)}; accepted: stdio, grpc (or unset)`, 2);
  }
}

main();
