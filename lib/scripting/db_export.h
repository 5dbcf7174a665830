// DbExport: perf's "database export mode" of script -s (the interface of perf's
// export-to-sqlite.py and export-to-postgresql.py), without Python. A script that sets
// perf_db_export_mode gets, instead of process_event(param_dict), rows of tables whose ids
// link them, each row handed over once, the first time something refers to it:
//
//   branch_type(type, name)                   all of them, at the start
//   evsel(id, name)                           per event, at its first sample
//   machine(id, pid, root_dir)                the host: (1, -1, "")
//   thread(id, machine_id, main_thread_id, pid, tid)
//   comm(id, name, thread_id, start, exec)    a thread's name (thread_id: who had it first)
//   comm_thread(id, comm_id, thread_id)       the threads of a program's "exec" name
//   dso(id, machine_id, short_name, long_name, build_id)
//   symbol(id, dso_id, start, end, binding, name)   ("unknown" for an address without one)
//   call_path(id, parent_id, symbol_id, ip)   perf_db_export_callchains: the sample's call
//                                             chain as a tree from a root (id 1), ip 0 when the
//                                             node has a symbol
//   sample(id, evsel_id, machine_id, thread_id, comm_id, dso_id, symbol_id, sym_offset, ip,
//          time, cpu, addr_dso_id, addr_symbol_id, addr_offset, addr, period, weight,
//          transaction, data_src, branch_type, in_tx, call_path_id, insn_cnt, cyc_cnt, flags,
//          sample_id, stream_id, ins_lat)
//   context_switch(id, machine_id, time, cpu, thread_out_id, comm_out_id, thread_in_id,
//                  comm_in_id, flags)         per SWITCH record between known threads
//
// Ids count from 1 per table in the order rows are emitted (0: none). u64 values are handed
// over as signed 64-bit numbers, as perf does for databases. The order in which rows come is
// perf 7.2's (db-export.c): a sample exports its event, the machine, the main thread, its exec
// name (with its comm_thread), the thread, the thread's current name, then its dso and
// symbol, the call path (callchain symbols, root first), the addr location, and the sample.
//
// Not done: call_return rows (perf_db_export_calls), which need perf's thread-stack
// call/return tracking, fed by samples whose addr correlates with a symbol (page faults, BTS,
// Intel PT branches); cperf warns when such a sample comes with calls asked for (other
// samples give perf no calls either). Identity: threads and comms by their Machine serials, dsos and
// symbols by address (they live as long as the script runs).
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "machine/machine.h"
#include "symbol/symbol.h"
#include "symbol/symbol_cache.h"

namespace cperf {

// Where the rows go (the Python engine builds a tuple per row). Each is called only when the
// script defines that table's handler (has()).
class DbTables {
 public:
  enum Table { kEvsel, kMachine, kThread, kComm, kCommThread, kDso, kSymbol, kBranchType,
               kSample, kCallPath, kContextSwitch, kCount };
  virtual ~DbTables() = default;
  virtual bool has(Table t) const = 0;
  // A row: each value is an int64 (perf's "d64"), a string, or an int32.
  struct Value {
    enum Kind { kI64, kI32, kU32, kStr } kind;
    int64_t i = 0;
    std::string s;
  };
  virtual void row(Table t, const std::vector<Value>& values) = 0;
};

// One callchain entry of a sample (perf's callchain cursor node), as ScriptTool resolves it.
struct DbFrame {
  uint64_t ip = 0;
  const Dso* dso = nullptr;        // nullptr: no map
  const void* map = nullptr;       // the caller's map (for DbSample's callbacks)
  uint64_t map_addr = 0;           // ip in the dso (map_ip)
  const Symbol* sym = nullptr;     // the symbol of map_addr
  const Symbol* sym_at_ip = nullptr;  // without sym: the dso's symbol at the raw ip, if any
};

// A resolved address (perf's addr_location): map's dso, address in it, symbol.
struct DbLocation {
  const Dso* dso = nullptr;
  const void* map = nullptr;
  uint64_t map_addr = 0;
  const Symbol* sym = nullptr;
};

struct DbSample {
  int evsel = 0;  // attr index
  std::string evsel_name;
  Thread* thread = nullptr;
  DbLocation where;
  const DbLocation* addr_where = nullptr;  // addr correlates with a symbol (page faults, BTS)
  bool has_callchain = false;              // the sample carries one and call graphs are on
  std::vector<DbFrame> frames;             // leaf first, as ScriptTool resolves them
  // perf_sample values ("none" values as perf: time, id, stream_id ~0; cpu (u32)-1)
  uint64_t ip = 0, time = 0, addr = 0, period = 0, weight = 0, transaction = 0, data_src = 0;
  uint32_t cpu = 0, flags = 0, ins_lat = 0;
  uint64_t id = 0, stream_id = 0;
  // A dso's build id (perf's dso__bid) from a map of it, asked once per dso.
  std::string (*build_id)(void* ctx, const void* map) = nullptr;
  // The inlined functions at a callchain entry's address whose symbol is `base` (perf 7.2
  // gives each its own node): innermost first, the base symbol as an empty name; nullptr
  // when none.
  const InlineChain* (*inlines)(void* ctx, const void* map, uint64_t map_addr, const Symbol& base) = nullptr;
  void* ctx = nullptr;
};

struct DbSwitch {
  uint64_t time = 0;
  uint32_t cpu = 0;
  int32_t pid = -1, tid = -1;        // the sample id's
  bool cpu_wide = false;
  int32_t np_pid = -1, np_tid = -1;  // SWITCH_CPU_WIDE: the next/previous task
  bool out = false, out_preempt = false;
};

class DbExport {
 public:
  // callchains: perf_db_export_callchains (call_path rows and sample call_path ids).
  // calls: perf_db_export_calls, not done: a warning when a sample perf would track comes.
  DbExport(DbTables& tables, bool callchains, bool calls)
      : tables_(tables), callchains_(callchains), calls_(calls) {}

  // The branch_type rows, at the start.
  void branch_types();
  // comm_exec: some event has attr.comm_exec (perf then groups threads by their exec names).
  void sample(Machine& machine, bool comm_exec, const DbSample& s);
  void context_switch(Machine& machine, bool comm_exec, const DbSwitch& sw);

 private:
  using Row = std::vector<DbTables::Value>;
  static DbTables::Value d64(uint64_t v) { return {DbTables::Value::kI64, static_cast<int64_t>(v), {}}; }
  static DbTables::Value s32(int64_t v) { return {DbTables::Value::kI32, static_cast<int32_t>(v), {}}; }
  static DbTables::Value u32(uint32_t v) { return {DbTables::Value::kU32, v, {}}; }
  static DbTables::Value str(std::string v) { return {DbTables::Value::kStr, 0, std::move(v)}; }
  void emit(DbTables::Table t, Row row);

  uint64_t export_machine();
  Thread* main_thread(Machine& m, Thread& t);
  uint64_t export_thread(Thread& t, Thread* main);
  uint64_t export_comm(const ThreadComm& c, const Thread& owner);
  void export_comm_thread(uint64_t comm_id, const Thread& t);
  // perf's db_export__threads: returns the exec comm's id (0: none).
  uint64_t export_threads(Machine& m, bool comm_exec, Thread& t);
  uint64_t export_dso(const Dso* dso, const void* map, const DbSample& s);
  // The dso must have been exported.
  uint64_t export_symbol(const Dso* dso, const Symbol& sym, const void* identity);
  const Symbol* unknown_symbol(const Dso* dso, uint64_t addr);
  // The ids of a location (dso, symbol, offset), making an "unknown" symbol as perf does.
  void location_ids(const DbLocation& l, const DbSample& s, uint64_t& dso_id, uint64_t& sym_id,
                    uint64_t& offset);
  uint64_t call_path(const DbSample& s);

  DbTables& tables_;
  bool callchains_, calls_, calls_warned_ = false;
  uint64_t last_evsel_ = 0, last_thread_ = 0, last_comm_ = 0, last_comm_thread_ = 0,
           last_dso_ = 0, last_symbol_ = 0, last_sample_ = 0, last_call_path_ = 0,
           last_switch_ = 0;
  uint64_t machine_id_ = 0;
  std::unordered_map<int, uint64_t> evsels_;
  std::unordered_map<uint64_t, uint64_t> threads_;  // Thread::serial -> id
  std::unordered_map<uint64_t, uint64_t> comms_;    // ThreadComm::serial -> id
  std::unordered_map<const Dso*, uint64_t> dsos_;
  std::unordered_map<const void*, uint64_t> symbols_;
  // perf's "unknown" symbols, made for an address of a dso without one: (dso, address).
  std::map<std::pair<const Dso*, uint64_t>, std::unique_ptr<Symbol>> unknown_;
  std::vector<std::unique_ptr<Symbol>> duplicates_;  // second "unknown"s at one address
  // The symbols of a callchain entry (perf's nodes), leaf first.
  void entry_symbols(const DbFrame& f, const DbSample& s, std::vector<const Symbol*>& out);
  // Inlined functions' symbols: (dso, address, depth) -> the name's symbol.
  std::map<std::tuple<const Dso*, uint64_t, int>, std::unique_ptr<Symbol>> inlined_;
  // The call path tree: (parent id, symbol identity, ip) -> node.
  struct PathNode {
    uint64_t id = 0;  // 0 until exported
    uint64_t parent = 0;
    uint64_t sym_id = 0;
    uint64_t ip = 0;
  };
  std::vector<PathNode> paths_;  // index 0: the root
  std::map<std::tuple<size_t, const Symbol*, uint64_t>, size_t> path_index_;
};

}  // namespace cperf
