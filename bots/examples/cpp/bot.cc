// A random bot for the arena in C++, built from the .proto files alone: it answers every
// DecisionRequest with a uniformly random legal action id, in every game.
//
// It speaks both of the arena's transports and picks one by itself:
//   - launched by the arena (`arena tournament --bot NAME=COMMAND`): ARENA_TRANSPORT=stdio is
//     in its environment; it reads PlayResponse messages on stdin and writes PlayRequest
//     messages on stdout, each preceded by its length as a varint (protobuf's delimited form,
//     google/protobuf/util/delimited_message_util.h). stdout carries nothing else: logs go to
//     stderr. It exits 0 on SessionEnded or at the end of its input between matches.
//   - run by hand against `arena serve`: one gRPC Play stream to --address with --token,
//     over TLS with --tls-ca (and, for an arena that asks for one, --tls-cert and --tls-key).
//
// Exit codes (as the Python SDK's and the Node example's): 0 done; 1 the connection failed or
// was lost; 2 a bad command line; 3 the arena refused the bot (its Hello or its token).

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/util/delimited_message_util.h>
#include <grpcpp/grpcpp.h>

#include "arena/v1/arena_service.grpc.pb.h"
#include "arena/v1/arena_service.pb.h"

namespace {

using arena::v1::PlayRequest;
using arena::v1::PlayResponse;

constexpr uint32_t kProtocolVersion = 1;
constexpr int kLost = 1, kUsage = 2, kRefused = 3;

struct Options {
  std::string address, token, name;
  std::vector<std::string> games;
  std::string tls_ca, tls_cert, tls_key;  // PEM files; no --tls-ca: plaintext
};

std::string Env(const char* name, const std::string& fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : fallback;
}

[[noreturn]] void Usage(const std::string& why, int code = kUsage) {
  std::cerr << why << "\nusage: bot [--address HOST:PORT] [--token TOKEN] [--name NAME] "
            << "[--game GAME ...] [--tls-ca FILE [--tls-cert FILE --tls-key FILE]]\n"
            << "(env ARENA_ADDRESS, ARENA_TOKEN, ARENA_BOT_NAME, ARENA_TLS_CA, ARENA_TLS_CERT, "
            << "ARENA_TLS_KEY; --tls-ca: TLS trusting that CA (PEM) for the arena's "
            << "certificate; --tls-cert/--tls-key: this bot's, for an arena that asks for "
            << "one; launched with ARENA_TRANSPORT=stdio it plays over stdin/stdout)\n";
  std::exit(code);
}

Options Parse(int argc, char** argv) {
  Options options{Env("ARENA_ADDRESS", "127.0.0.1:50051"), Env("ARENA_TOKEN", ""),
                  Env("ARENA_BOT_NAME", "cpp-random"), {}, Env("ARENA_TLS_CA", ""),
                  Env("ARENA_TLS_CERT", ""), Env("ARENA_TLS_KEY", "")};
  for (int i = 1; i < argc; ++i) {
    std::string flag = argv[i], value;
    if (flag == "-h" || flag == "--help") Usage("a random bot for the arena", 0);
    if (auto equals = flag.find('='); flag.rfind("--", 0) == 0 && equals != std::string::npos) {
      value = flag.substr(equals + 1);  // --flag=value
      flag.resize(equals);
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      Usage("missing value after " + flag);
    }
    if (flag == "--address") options.address = value;
    else if (flag == "--token") options.token = value;
    else if (flag == "--name") options.name = value;
    else if (flag == "--game") options.games.push_back(value);
    else if (flag == "--tls-ca") options.tls_ca = value;
    else if (flag == "--tls-cert") options.tls_cert = value;
    else if (flag == "--tls-key") options.tls_key = value;
    else Usage("unknown argument " + flag);
  }
  if (options.tls_cert.empty() != options.tls_key.empty())
    Usage("--tls-cert and --tls-key go together");
  if (!options.tls_cert.empty() && options.tls_ca.empty())
    Usage("--tls-cert needs --tls-ca (the CA that signed the arena's certificate)");
  return options;
}

std::string ReadPem(const std::string& path, const std::string& flag) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  if (!(file && text << file.rdbuf())) Usage("cannot read " + flag + " " + path);
  return text.str();
}

// Plaintext without --tls-ca; TLS trusting that CA, with this bot's certificate if given.
std::shared_ptr<grpc::ChannelCredentials> Credentials(const Options& options) {
  if (options.tls_ca.empty()) return grpc::InsecureChannelCredentials();
  grpc::SslCredentialsOptions ssl;
  ssl.pem_root_certs = ReadPem(options.tls_ca, "--tls-ca");
  if (!options.tls_cert.empty()) {
    ssl.pem_cert_chain = ReadPem(options.tls_cert, "--tls-cert");
    ssl.pem_private_key = ReadPem(options.tls_key, "--tls-key");
  }
  return grpc::SslCredentials(ssl);
}

// What every transport shares: the Hello, and the answer to each message from the arena.
class Player {
 public:
  explicit Player(const Options& options) : options_(options) {}

  PlayRequest Hello() const {
    PlayRequest request;
    auto* hello = request.mutable_hello();
    hello->set_bot_name(options_.name);
    hello->set_token(options_.token);
    hello->set_protocol_version(kProtocolVersion);
    hello->set_max_concurrent_matches(1);
    for (const auto& game : options_.games) hello->add_games(game);
    return request;
  }

  // The answer to `response`, if it needs one; sets `done` at the session's end and `code`
  // to the exit status.
  bool Handle(const PlayResponse& response, PlayRequest* answer, bool* done, int* code) {
    switch (response.message_case()) {
      case PlayResponse::kWelcome:
        welcomed_ = true;
        return false;
      case PlayResponse::kMatchStarted: {
        const auto& started = response.match_started();
        rngs_[started.match_id()].seed(started.bot_seed());
        return false;
      }
      case PlayResponse::kDecisionRequest: {
        const auto& request = response.decision_request();
        auto& rng = rngs_[request.match_id()];
        std::uniform_int_distribution<int> pick(0, request.legal_size() - 1);
        auto* move = answer->mutable_move();
        move->set_match_id(request.match_id());
        move->set_decision_id(request.decision_id());
        move->set_action_id(request.legal(pick(rng)).id());
        return true;
      }
      case PlayResponse::kMatchEnded:
        rngs_.erase(response.match_ended().match_id());
        return false;
      case PlayResponse::kError:
        std::cerr << options_.name << ": the arena refused a message: "
                  << response.error().message() << "\n";
        if (!welcomed_) {  // the Hello itself
          *done = true;
          *code = kRefused;
        }
        return false;
      case PlayResponse::kSessionEnded:
        *done = true;
        return false;
      default:
        return false;  // a message of a newer protocol: not for this bot
    }
  }

  bool InMatch() const { return !rngs_.empty(); }

 private:
  Options options_;
  bool welcomed_ = false;
  std::map<std::string, std::mt19937_64> rngs_;  // one generator per match, from bot_seed
};

int PlayStdio(Player& player) {
  google::protobuf::io::FileInputStream in(0);
  google::protobuf::io::FileOutputStream out(1);
  auto send = [&out](const PlayRequest& request) {
    return google::protobuf::util::SerializeDelimitedToZeroCopyStream(request, &out) &&
           out.Flush();
  };
  if (!send(player.Hello())) return kLost;
  bool done = false;
  int code = 0;
  while (!done) {
    PlayResponse response;
    bool clean_eof = false;
    if (!google::protobuf::util::ParseDelimitedFromZeroCopyStream(&response, &in,
                                                                  &clean_eof)) {
      if (clean_eof && !player.InMatch()) return 0;  // the end of input between matches
      std::cerr << "the arena's stream " << (clean_eof ? "ended in a match" : "broke") << "\n";
      return kLost;
    }
    PlayRequest answer;
    if (player.Handle(response, &answer, &done, &code) && !send(answer)) return kLost;
  }
  return code;
}

int PlayGrpc(Player& player, const Options& options) {
  auto channel = grpc::CreateChannel(options.address, Credentials(options));
  auto stub = arena::v1::ArenaService::NewStub(channel);
  grpc::ClientContext context;
  auto stream = stub->Play(&context);
  bool done = !stream->Write(player.Hello());
  int code = 0;
  PlayResponse response;
  while (!done && stream->Read(&response)) {
    PlayRequest answer;
    if (player.Handle(response, &answer, &done, &code) && !stream->Write(answer)) break;
  }
  stream->WritesDone();
  grpc::Status status = stream->Finish();
  if (status.ok() || code != 0) return code;
  switch (status.error_code()) {
    case grpc::StatusCode::UNAUTHENTICATED:
    case grpc::StatusCode::FAILED_PRECONDITION:
    case grpc::StatusCode::INVALID_ARGUMENT:
    case grpc::StatusCode::PERMISSION_DENIED:  // a bad token or Hello: retrying cannot help
      std::cerr << options.name << ": the arena refused this bot (status "
                << status.error_code() << "): " << status.error_message() << "\n";
      return kRefused;
    default:
      std::cerr << options.name << ": the connection to " << options.address
                << " failed (status " << status.error_code() << "): "
                << status.error_message() << "\n";
      return kLost;
  }
}

}  // namespace

int main(int argc, char** argv) {
  GOOGLE_PROTOBUF_VERIFY_VERSION;
  Options options = Parse(argc, argv);
  Player player(options);
  if (Env("ARENA_TRANSPORT", "") == "stdio") return PlayStdio(player);
  return PlayGrpc(player, options);
}
