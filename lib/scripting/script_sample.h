// ScriptSample: everything a scripting engine hands a script about one sample, as plain values
// (no Python here). ScriptTool fills it (script_sample_fill.cpp); param_dict.cpp turns it into
// perf's param_dict. Field meanings and "absent" conventions follow perf 7.2's Python
// interface (trace-event-python.c): an optional member is a key perf only sets sometimes.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "format/data_src.h"

namespace cperf {

// A resolved address: its map's dso and its symbol (both optional).
struct ScriptLocation {
  struct MapInfo {
    std::string dso;       // perf's dso__name
    std::string build_id;  // hex, empty when unknown
    uint64_t start = 0, end = 0, pgoff = 0;
  };
  struct SymInfo {
    std::string name;
    uint64_t offset = 0;  // from the symbol's start
  };
  std::optional<MapInfo> map;
  std::optional<SymInfo> sym;
};

// One callchain entry: perf's callchain_cursor_node.
struct ScriptFrame {
  uint64_t ip = 0;
  struct Sym {
    uint64_t start = 0, end = 0;
    int binding = 0;
    std::string name;
  };
  std::optional<Sym> sym;
  std::optional<uint64_t> sym_off;      // when there is a sym and a map
  std::optional<std::string> srcline;   // when there is a sym and perf knows a srcline
  std::optional<std::string> dso;       // when there is a map
};

struct ScriptBranch {
  uint64_t from = 0, to = 0;
  bool mispred = false, predicted = false, in_tx = false, abort = false;
  uint64_t cycles = 0;
  std::string from_dso, to_dso;  // "[unknown]" without a map
  std::string from_sym, to_sym;  // "name+0xoff" or "[unknown]"
};

struct ScriptReadValue {
  uint64_t id = 0, value = 0, lost = 0;
};

struct ScriptSample {
  std::string ev_name;
  std::string attr;  // the event's perf_event_attr, perf 7.2's in-memory size (144 bytes)
  // "sample" sub-dict
  uint64_t id = ~0ULL, stream_id = ~0ULL;
  int32_t pid = -1, tid = -1;
  uint32_t cpu = ~0u;  // (u32)-1 when the sample has none, as perf
  uint64_t ip = 0, time = 0, period = 0, phys_addr = 0, addr = 0;
  std::optional<uint64_t> time_enabled, time_running;
  bool read_lost = false;                // PERF_FORMAT_LOST: values carry a third number
  std::vector<ScriptReadValue> values;   // one entry without PERF_FORMAT_GROUP
  uint64_t weight = 0;
  uint16_t ins_lat = 0;
  uint64_t transaction = 0;
  uint64_t data_src = 0;
  uint8_t cpumode = 0;
  // Where sample.addr resolves, for events whose addr names code or data (perf's
  // sample_addr_correlates_sym: page faults, BTS): the "addr_*" keys.
  std::optional<ScriptLocation> addr_where;
  uint32_t flags = 0;  // branch flags; 0: no "flags" keys
  // top level
  std::string raw;  // PERF_SAMPLE_RAW bytes
  std::string comm;
  ScriptLocation where;
  std::vector<ScriptFrame> callchain;
  std::vector<ScriptBranch> branches;
  std::optional<std::string> iregs, uregs;
  std::string insn;  // the instruction's bytes, when the sink wants them (empty: none)
};


}  // namespace cperf
