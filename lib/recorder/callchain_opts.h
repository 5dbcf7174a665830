// --call-graph / -g / call-graph.record-mode parsing.
#pragma once
#include <cstdint>
#include <string>

namespace cperf {

enum class CallchainMode { kNone, kFp, kDwarf, kLbr };

struct CallchainOptions {
  CallchainMode mode = CallchainMode::kNone;
  bool defer = false;
  uint32_t max_stack = 0;        // 0 = kernel default (not written to the attr)
  uint32_t dump_size = 8192;     // dwarf: user stack bytes per sample
};

// Parses "fp[,defer][,N]", "fp,N[,defer]", "dwarf[,size]", "lbr". On error returns false
// with a message in `error` ("deferred callchains need frame pointers (fp)" for dwarf/lbr
// with defer).
bool parse_callchain(const std::string& text, CallchainOptions& out, std::string& error);

// Reads call-graph.record-mode (or record.call-graph) from $PERF_CONFIG or ~/.perfconfig;
// empty when not set.
std::string config_record_mode();

}  // namespace cperf
