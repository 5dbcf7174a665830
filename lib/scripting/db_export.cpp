#include "scripting/db_export.h"

#include <algorithm>
#include <cstdio>

namespace cperf {

namespace {

// perf's PERF_IP_FLAG_* bits.
constexpr uint32_t kBranch = 1u << 0, kCall = 1u << 1, kReturn = 1u << 2, kConditional = 1u << 3,
                   kSyscallRet = 1u << 4, kAsync = 1u << 5, kInterrupt = 1u << 6,
                   kTxAbort = 1u << 7, kTraceBegin = 1u << 8, kTraceEnd = 1u << 9,
                   kInTx = 1u << 10, kVmEntry = 1u << 11, kVmExit = 1u << 12;
// The flags that make a branch's type (perf's PERF_BRANCH_MASK).
constexpr uint32_t kBranchMask = kBranch | kCall | kReturn | kConditional | kSyscallRet | kAsync |
                                 kInterrupt | kTxAbort | kTraceBegin | kTraceEnd | kVmEntry |
                                 kVmExit;

struct BranchType {
  uint32_t type;
  const char* name;
};

// The branch types perf names, in its order.
constexpr BranchType kBranchTypes[] = {
    {0, "no branch"},
    {kBranch | kCall, "call"},
    {kBranch | kReturn, "return"},
    {kBranch | kConditional, "conditional jump"},
    {kBranch, "unconditional jump"},
    {kBranch | kCall | kInterrupt, "software interrupt"},
    {kBranch | kReturn | kInterrupt, "return from interrupt"},
    {kBranch | kCall | kSyscallRet, "system call"},
    {kBranch | kReturn | kSyscallRet, "return from system call"},
    {kBranch | kAsync, "asynchronous branch"},
    {kBranch | kCall | kAsync | kInterrupt, "hardware interrupt"},
    {kBranch | kTxAbort, "transaction abort"},
    {kBranch | kTraceBegin, "trace begin"},
    {kBranch | kTraceEnd, "trace end"},
    {kBranch | kCall | kVmEntry, "vm entry"},
    {kBranch | kCall | kVmExit, "vm exit"},
};

}  // namespace

void DbExport::emit(DbTables::Table t, Row row) {
  if (tables_.has(t)) tables_.row(t, row);
}

void DbExport::branch_types() {
  for (const BranchType& b : kBranchTypes) emit(DbTables::kBranchType, {s32(b.type), str(b.name)});
  // Then each type at the start and at the end of a trace (but the plain jump and the
  // trace begin/end types themselves).
  for (const BranchType& b : kBranchTypes) {
    if (b.type == kBranch || (b.type & (kTraceBegin | kTraceEnd))) continue;
    emit(DbTables::kBranchType, {s32(b.type | kTraceBegin), str(std::string("trace begin / ") + b.name)});
    emit(DbTables::kBranchType, {s32(b.type | kTraceEnd), str(std::string(b.name) + " / trace end")});
  }
}

uint64_t DbExport::export_machine() {
  if (!machine_id_) {
    machine_id_ = 1;  // the host, perf's HOST_KERNEL_ID -1, no root dir
    emit(DbTables::kMachine, {d64(machine_id_), s32(-1), str("")});
  }
  return machine_id_;
}

// perf's thread__main_thread: the group leader, looked up (not made) by its tid.
Thread* DbExport::main_thread(Machine& m, Thread& t) {
  if (t.pid == t.tid) return &t;
  if (t.pid == -1) return nullptr;
  return m.find_thread(t.pid);
}

uint64_t DbExport::export_thread(Thread& t, Thread* main) {
  auto [it, fresh] = threads_.try_emplace(t.serial, 0);
  if (!fresh) return it->second;
  it->second = ++last_thread_;
  uint64_t main_id = 0;
  if (main) {
    auto m = threads_.find(main->serial);
    if (m != threads_.end()) main_id = m->second;
  }
  emit(DbTables::kThread, {d64(it->second), d64(export_machine()), d64(main_id), s32(t.pid), s32(t.tid)});
  return it->second;
}

uint64_t DbExport::export_comm(const ThreadComm& c, const Thread& owner) {
  uint64_t id = ++last_comm_;
  comms_[c.serial] = id;
  emit(DbTables::kComm, {d64(id), str(c.str), d64(threads_[owner.serial]), d64(c.start), s32(c.exec)});
  return id;
}

void DbExport::export_comm_thread(uint64_t comm_id, const Thread& t) {
  emit(DbTables::kCommThread, {d64(++last_comm_thread_), d64(comm_id), d64(threads_[t.serial])});
}

uint64_t DbExport::export_threads(Machine& m, bool comm_exec, Thread& t) {
  Thread* main = main_thread(m, t);
  uint64_t exec_comm_id = 0;
  if (main) {
    // The main thread first: the thread's row refers to it.
    export_thread(*main, main);
    const ThreadComm* c = comm_exec ? main->exec_comm() : (main->comms.empty() ? nullptr : &main->comms.back());
    if (c) {
      auto it = comms_.find(c->serial);
      if (it != comms_.end()) {
        exec_comm_id = it->second;
      } else {
        // A program's exec name has one main thread; other threads are tied to it when they
        // are exported.
        exec_comm_id = export_comm(*c, *main);
        export_comm_thread(exec_comm_id, *main);
      }
    }
  }
  if (&t != main) {
    bool tie = exec_comm_id && !threads_.count(t.serial);
    export_thread(t, main);
    if (tie) export_comm_thread(exec_comm_id, t);
  }
  if (!t.comms.empty() && !comms_.count(t.comms.back().serial)) export_comm(t.comms.back(), t);
  return exec_comm_id;
}

uint64_t DbExport::export_dso(const Dso* dso, const void* map, const DbSample& s) {
  auto [it, fresh] = dsos_.try_emplace(dso, 0);
  if (fresh) {
    it->second = ++last_dso_;
    std::string bid = s.build_id ? s.build_id(s.ctx, map) : dso->build_id;
    emit(DbTables::kDso, {d64(it->second), d64(export_machine()), str(dso->short_name),
                          str(dso->long_name), str(bid)});
  }
  return it->second;
}

uint64_t DbExport::export_symbol(const Dso* dso, const Symbol& sym, const void* identity) {
  auto [it, fresh] = symbols_.try_emplace(identity, 0);
  if (fresh) {
    it->second = ++last_symbol_;
    emit(DbTables::kSymbol, {d64(it->second), d64(dsos_[dso]), d64(sym.start), d64(sym.end),
                             s32(sym.binding), str(sym.name)});
  }
  return it->second;
}

const Symbol* DbExport::unknown_symbol(const Dso* dso, uint64_t addr) {
  auto& u = unknown_[{dso, addr}];
  if (!u) {
    u = std::make_unique<Symbol>();
    u->start = u->end = addr;
    u->name = "unknown";
    u->binding = 0;
  }
  return u.get();
}

void DbExport::location_ids(const DbLocation& l, const DbSample& s, uint64_t& dso_id,
                            uint64_t& sym_id, uint64_t& offset) {
  if (!l.dso) return;
  dso_id = export_dso(l.dso, l.map, s);
  // perf gives a symbol-less address a symbol of its own, "unknown", that later lookups of
  // the same address in that dso find.
  const Symbol* sym = l.sym ? l.sym : unknown_symbol(l.dso, l.map_addr);
  sym_id = export_symbol(l.dso, *sym, sym);
  offset = l.map_addr - sym->start;
}

void DbExport::entry_symbols(const DbFrame& f, const DbSample& s, std::vector<const Symbol*>& out) {
  out.clear();
  const Symbol* sym = f.sym;
  if (!sym) {
    // The entry's lookup finds an "unknown" symbol made at its address before.
    auto u = unknown_.find({f.dso, f.map_addr});
    if (u != unknown_.end()) sym = u->second.get();
  }
  if (sym && s.inlines) {
    if (const InlineChain* chain = s.inlines(s.ctx, f.map, f.map_addr, *sym)) {
      // An inlined function: a symbol of its own per address and depth, with the range
      // (and binding) of the symbol it was inlined into.
      int depth = 0;
      for (const InlineFrame& line : *chain) {
        if (!line.name) {
          out.push_back(sym);
        } else {
          auto& in = inlined_[{f.dso, f.map_addr, depth}];
          if (!in) {
            in = std::make_unique<Symbol>(*sym);
            in->name = *line.name;
          }
          out.push_back(in.get());
        }
        ++depth;
      }
      return;
    }
  }
  // Without one, perf searches the dso at the raw ip: a real symbol, or an "unknown" made
  // there.
  if (!sym) sym = f.sym_at_ip ? f.sym_at_ip : unknown_symbol(f.dso, f.ip);
  out.push_back(sym);
}

uint64_t DbExport::call_path(const DbSample& s) {
  if (paths_.empty()) paths_.push_back(PathNode{});
  size_t cur = 0;
  std::vector<const Symbol*> syms;
  // Root first: the frames in reverse (and an entry's inline lines outermost first).
  for (auto f = s.frames.rbegin(); f != s.frames.rend(); ++f) {
    if (!f->dso) {
      auto [it, fresh] = path_index_.try_emplace({cur, nullptr, f->ip}, paths_.size());
      if (fresh) paths_.push_back(PathNode{0, cur, 0, f->ip});
      cur = it->second;
      continue;
    }
    entry_symbols(*f, s, syms);
    export_dso(f->dso, f->map, s);
    for (auto sym = syms.rbegin(); sym != syms.rend(); ++sym) {
      uint64_t sym_id = export_symbol(f->dso, **sym, *sym);
      auto [it, fresh] = path_index_.try_emplace({cur, *sym, 0}, paths_.size());
      if (fresh) paths_.push_back(PathNode{0, cur, sym_id, 0});
      cur = it->second;
    }
  }
  if (cur == 0) return 0;  // an empty chain
  // Export the path's nodes not yet exported, root first.
  std::vector<size_t> todo;
  for (size_t n = cur; !paths_[n].id; n = paths_[n].parent) {
    todo.push_back(n);
    if (n == 0) break;
  }
  for (auto n = todo.rbegin(); n != todo.rend(); ++n) {
    PathNode& p = paths_[*n];
    p.id = ++last_call_path_;
    uint64_t parent_id = *n == 0 ? 0 : paths_[p.parent].id;
    emit(DbTables::kCallPath, {d64(p.id), d64(parent_id), d64(p.sym_id), d64(p.ip)});
  }
  return paths_[cur].id;
}

void DbExport::sample(Machine& machine, bool comm_exec, const DbSample& s) {
  auto [ev, fresh] = evsels_.try_emplace(s.evsel, 0);
  if (fresh) {
    ev->second = ++last_evsel_;
    emit(DbTables::kEvsel, {d64(ev->second), str(s.evsel_name)});
  }
  uint64_t machine_id = export_machine();
  uint64_t comm_id = export_threads(machine, comm_exec, *s.thread);
  uint64_t id = ++last_sample_;
  // perf looked both addresses up before this sample made any "unknown" symbol: the addr's
  // lookup finds those of earlier samples only.
  DbLocation addr_where;
  if (s.addr_where) {
    addr_where = *s.addr_where;
    if (addr_where.dso && !addr_where.sym) {
      auto u = unknown_.find({addr_where.dso, addr_where.map_addr});
      if (u != unknown_.end()) addr_where.sym = u->second.get();
    }
  }
  uint64_t dso_id = 0, sym_id = 0, offset = 0;
  location_ids(s.where, s, dso_id, sym_id, offset);
  uint64_t path_id = callchains_ && s.has_callchain ? call_path(s) : 0;
  uint64_t addr_dso_id = 0, addr_sym_id = 0, addr_offset = 0;
  if (s.addr_where) {
    if (calls_ && !calls_warned_) {
      calls_warned_ = true;
      std::fprintf(stderr, "Warning: cperf does not track calls and returns "
                           "(perf_db_export_calls): call_return_table gets no rows\n");
    }
    if (addr_where.dso && !addr_where.sym && unknown_.count({addr_where.dso, addr_where.map_addr})) {
      // Made by this sample: perf makes the addr a second one at the same address (later
      // lookups keep finding the first).
      auto dup = std::make_unique<Symbol>(*unknown_[{addr_where.dso, addr_where.map_addr}]);
      addr_where.sym = dup.get();
      duplicates_.push_back(std::move(dup));
    }
    location_ids(addr_where, s, addr_dso_id, addr_sym_id, addr_offset);
  }
  emit(DbTables::kSample,
       {d64(id), d64(ev->second), d64(machine_id), d64(threads_[s.thread->serial]), d64(comm_id),
        d64(dso_id), d64(sym_id), d64(offset), d64(s.ip), d64(s.time), s32(static_cast<int32_t>(s.cpu)),
        d64(addr_dso_id), d64(addr_sym_id), d64(addr_offset), d64(s.addr), d64(s.period),
        d64(s.weight), d64(s.transaction), d64(s.data_src), s32(static_cast<int32_t>(s.flags & kBranchMask)),
        s32(!!(s.flags & kInTx)), d64(path_id), d64(0), d64(0), s32(static_cast<int32_t>(s.flags)),
        d64(s.id), d64(s.stream_id), u32(s.ins_lat)});
}

void DbExport::context_switch(Machine& machine, bool comm_exec, const DbSwitch& sw) {
  uint64_t machine_id = export_machine();
  // A known (named) thread's id and exec comm id; idle: the idle task.
  auto known = [&](int32_t pid, int32_t tid, uint64_t& thread_id, uint64_t& comm_id, bool& idle) {
    Thread* t = machine.find_thread(tid);
    if (!t || !t->comm_set) return;
    if (pid != -1 && t->pid == -1) t->pid = pid;
    idle = t->pid == 0 && t->tid == 0;
    comm_id = export_threads(machine, comm_exec, *t);
    thread_id = threads_[t->serial];
  };
  uint64_t a = 0, a_comm = 0, b = 0, b_comm = 0;
  bool a_idle = false, b_idle = false;
  known(sw.pid, sw.tid, a, a_comm, a_idle);
  if (sw.cpu_wide) known(sw.np_pid, sw.np_tid, b, b_comm, b_idle);
  // Nothing between unknown threads, or between an unknown thread and the idle task.
  if ((!a || a_idle) && (!b || b_idle)) return;
  uint64_t id = ++last_switch_;
  int flags = (sw.out ? 1 : 0) | (sw.out_preempt ? 2 : 0);
  uint64_t out = sw.out ? a : b, out_comm = sw.out ? a_comm : b_comm;
  uint64_t in = sw.out ? b : a, in_comm = sw.out ? b_comm : a_comm;
  emit(DbTables::kContextSwitch, {d64(id), d64(machine_id), d64(sw.time), s32(static_cast<int32_t>(sw.cpu)),
                                  d64(out), d64(out_comm), d64(in), d64(in_comm), s32(flags)});
}

}  // namespace cperf
