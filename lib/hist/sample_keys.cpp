#include "hist/sample_keys.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "format/data_src.h"
#include "format/page_size.h"
#include "hist/hist_compare.h"

namespace cperf {

namespace {

// perf's cache line in a data type (-s typecln): a fixed 64 bytes, not the machine's.
constexpr int32_t kTypeCachelineSize = 64;

// -s typeoff: perf's own pseudo types ("(unknown)", "(stack operation)", "(stack canary)")
// by name alone, a real type with its offset and the member there (cperf makes none yet:
// report refuses samples that would have one).
std::string type_offset_text(const SampleValues& v) {
  const std::string& name = v.data_type.str();
  if (name.empty() || name == "(unknown)" || name == "(stack operation)" || name == "(stack canary)") return name;
  char buf[32];
  std::snprintf(buf, sizeof(buf), " +%#x", static_cast<unsigned>(v.type_offset));
  return name + buf;
}

// perf's comparisons of plain values: most keys take right minus left, the weights and
// latencies left minus right (so equal periods list the heavier entry first).
int64_t right_minus_left(uint64_t l, uint64_t r) { return static_cast<int64_t>(r - l); }
int64_t left_minus_right(uint64_t l, uint64_t r) { return static_cast<int64_t>(l - r); }

// A sample's own values (none made: all zero).
const SampleValues& vals(const HistSample& s) {
  static const SampleValues kNone;
  return s.values ? *s.values : kNone;
}

// A sample without memory information compares as perf's "not available" data source.
uint64_t data_src_of(const HistSample& s) { return s.mem ? s.mem->data_src : 0; }

// perf's comm_nodigit: each run of digits becomes "<N>" (kworker/0:1 -> kworker/<N>:<N>).
std::string comm_without_digits(const std::string& comm) {
  std::string out;
  for (size_t i = 0; i < comm.size(); ++i) {
    bool digit = comm[i] >= '0' && comm[i] <= '9';
    if (!digit) out += comm[i];
    else if (i == 0 || comm[i - 1] < '0' || comm[i - 1] > '9') out += "<N>";
  }
  return out;
}

// perf's transaction flags text: a word per flag, then the abort code.
std::string transaction_text(uint64_t t) {
  static const struct {
    uint64_t flag;
    const char* name;
  } kBits[] = {{1, "EL "}, {2, "TX "}, {4, "SYNC "}, {8, "ASYNC "}, {0x10, "RETRY "}, {0x20, "CON "},
               {0x40, "CAP-WRITE "}, {0x80, "CAP-READ "}};
  std::string out;
  for (const auto& b : kBits)
    if (t & b.flag) out += b.name;
  if (t && !(t & 3)) out += "NEITHER ";
  if (uint64_t code = t >> 32) {
    char buf[24];
    std::snprintf(buf, sizeof(buf), ":%" PRIx64, code);
    out += buf;
  }
  return out;
}

// perf's transaction column: as wide as every flag's word and an abort code.
constexpr size_t kTransactionWidth = 32;

std::string time_text(uint64_t ns, bool nanosecs) {
  char buf[40];
  if (nanosecs)
    std::snprintf(buf, sizeof(buf), "%" PRIu64 ".%09" PRIu64, ns / 1000000000, ns % 1000000000);
  else
    std::snprintf(buf, sizeof(buf), "%" PRIu64 ".%06" PRIu64, ns / 1000000000, ns % 1000000000 / 1000);
  return buf;
}

std::string symoff_text(const HistSample& s, size_t width) {
  char buf[48];
  std::string out = "[";
  out += s.level;
  out += "] ";
  if (s.has_sym) {
    std::snprintf(buf, sizeof(buf), "+0x%" PRIx64, s.addr - s.sym_start);
    return out + s.sym.str() + buf;
  }
  // perf: the address in as many digits as the column has room for after "[x] "
  int digits = std::max(0, static_cast<int>(width) - 4);
  std::snprintf(buf, sizeof(buf), "%#.*" PRIx64, digits, s.addr);
  return out + buf;
}

// perf's symbol columns (_hist_entry__sym_snprintf): "[level] name", a data object's with its
// offset; without a symbol the address in 16 digits.
std::string symbol_column(char level, const Text* sym, bool is_object, uint64_t offset, uint64_t addr) {
  std::string out = "[";
  out += level;
  out += "] ";
  char buf[48];
  if (sym) {
    out += sym->str();
    if (is_object) {
      std::snprintf(buf, sizeof(buf), "+0x%" PRIx64, offset);
      out += buf;
    }
    return out;
  }
  std::snprintf(buf, sizeof(buf), addr ? "0x%016" PRIx64 : "%016" PRIx64, addr);
  return out + buf;
}

std::string daddr_sym_text(const MemInfo* m) {
  if (!m) return symbol_column('.', nullptr, false, 0, 0);
  return symbol_column(m->level, m->data.has_sym ? &m->data.sym : nullptr, m->data.sym_is_object, m->data.addr_in_map - m->data.sym_start,
                       m->data.addr);
}

// The sampled address (-s symbol_iaddr).
std::string code_sym_text(const HistSample& s) {
  return symbol_column(s.level, s.has_sym ? &s.sym : nullptr, s.mem && s.mem->code_sym_is_object,
                       s.addr - s.sym_start, s.ip);
}

const ResolvedAddr* branch_end(SortKey key, const HistSample& s) {
  if (!s.branch) return nullptr;
  bool from = key == SortKey::kDsoFrom || key == SortKey::kSymFrom || key == SortKey::kAddrFrom;
  return from ? &s.branch->from : &s.branch->to;
}

const Text& branch_srcline(SortKey key, const HistSample& s) {
  static const Text kNone;
  if (!s.branch) return kNone;
  return key == SortKey::kSrclineFrom ? s.branch->srcline_from : s.branch->srcline_to;
}

// perf's offset of an address in a data object: the address in its map minus the object's
// start as mapped (so a negative number, printed unsigned, when the map does not start at 0)
uint64_t object_offset(const ResolvedAddr& a, uint64_t in_map) { return in_map - (a.addr - a.addr_in_map + a.sym_start); }

// -s addr_from/addr_to: "[level] symbol+0xoffset" (no offset at the symbol's start), the name
// cut to the column; without a symbol the address in 16 digits.
std::string branch_addr_text(const ResolvedAddr* e, char level, size_t width) {
  if (!e || !e->has_sym || !e->has_map) return symbol_column(level, nullptr, false, 0, e ? e->addr_in_map : 0);
  char buf[48];
  std::string out = "[";
  out += level;
  out += "] ";
  if (e->sym_is_object) {
    std::snprintf(buf, sizeof(buf), "+0x%" PRIx64, object_offset(*e, e->addr_in_map));
    return out + e->sym.str() + buf;
  }
  out += e->sym.str().substr(0, width > 4 ? width - 4 : 0);
  if (uint64_t off = e->addr_in_map - e->sym_start) {
    std::snprintf(buf, sizeof(buf), "+0x%" PRIx64, off);
    out += buf;
  }
  return out;
}

// -s dcacheline: the data address's cache line, "[s]" for a shared file mapping, "[X]"
// without a map, else the sample's level.
std::string dcacheline_text(const HistSample& s) {
  if (!s.mem) return symbol_column(s.level, nullptr, false, 0, 0);
  const MemInfo& m = *s.mem;
  char level = !m.data.has_map ? 'X' : m.data_shared && s.cpumode != 1 ? 's' : s.level;
  const Text* sym = m.data.has_sym ? &m.data.sym : nullptr;
  return symbol_column(level, sym, m.data.sym_is_object, object_offset(m.data, m.cacheline), m.cacheline);
}

// perf's dcacheline order: by cpumode, map, dso, process for anonymous user data, cache line.
int64_t dcacheline_cmp(const HistSample& l, const HistSample& r) {
  if (!l.mem) return -1;
  if (!r.mem) return 1;
  if (l.cpumode != r.cpumode) return l.cpumode > r.cpumode ? -1 : 1;
  const MemInfo &a = *l.mem, &b = *r.mem;
  if (a.data.has_map || b.data.has_map) {
    if (!a.data.has_map) return -1;
    if (!b.data.has_map) return 1;
    if (a.data_ino != b.data_ino) return a.data_ino < b.data_ino ? -1 : 1;
    if (l.cpumode != 1 && a.data_anon && l.pid != r.pid) return l.pid > r.pid ? -1 : 1;
  }
  if (a.cacheline != b.cacheline) return a.cacheline > b.cacheline ? -1 : 1;
  return 0;
}

// A branch end, with the sample's level.
std::string branch_sym_text(const ResolvedAddr* e, char level) {
  if (!e) return symbol_column(level, nullptr, false, 0, 0);
  return symbol_column(level, e->has_sym && e->has_map ? &e->sym : nullptr, e->sym_is_object,
                       e->addr_in_map - e->sym_start, e->addr_in_map);
}

std::string left(std::string s, size_t w) {
  if (s.size() < w) s.append(w - s.size(), ' ');
  return s;
}

std::string number_left(uint64_t v, size_t w) { return left(std::to_string(v), w); }

std::string right(const std::string& s, size_t w) { return s.size() < w ? std::string(w - s.size(), ' ') + s : s; }

// perf's "%7d:%-*.*s" of a thread id and a comm, as -s pid prints it.
std::string id_comm(int32_t id, const std::string& comm, size_t width) {
  int w = std::max(7, static_cast<int>(width)) - 8;
  std::string c = comm;
  if (w >= 0 && c.size() > static_cast<size_t>(w)) c.resize(static_cast<size_t>(w));
  char buf[16];
  std::snprintf(buf, sizeof(buf), "%7d:", id);
  return left(buf + c, static_cast<size_t>(std::abs(w)) + 8);
}

const std::string& process_comm(const HistSample& s) {
  return vals(s).process_comm ? *vals(s).process_comm : s.thread_comm ? *s.thread_comm : s.comm.str();
}

}  // namespace

bool is_data_type_key(SortKey key) {
  return key == SortKey::kType || key == SortKey::kTypeOffset || key == SortKey::kTypeCacheline;
}

int64_t sample_key_cmp(SortKey key, const HistSample& l, const HistSample& r) {
  switch (key) {
    case SortKey::kWeight:
    case SortKey::kLocalWeight: return left_minus_right(vals(l).weight, vals(r).weight);
    case SortKey::kInsLat:
    case SortKey::kLocalInsLat: return left_minus_right(vals(l).ins_lat, vals(r).ins_lat);
    case SortKey::kPStageCyc:
    case SortKey::kLocalPStageCyc:
    case SortKey::kRetireLat:
    case SortKey::kLocalRetireLat: return left_minus_right(vals(l).p_stage_cyc, vals(r).p_stage_cyc);
    case SortKey::kAddr: return right_minus_left(l.ip, r.ip);
    case SortKey::kTime: return right_minus_left(vals(l).time, vals(r).time);
    case SortKey::kCodePageSize: return right_minus_left(vals(l).code_page_size, vals(r).code_page_size);
    case SortKey::kSimd: return 0;
    case SortKey::kTransaction: return left_minus_right(vals(l).transaction, vals(r).transaction);
    case SortKey::kDsoSize: return right_minus_left(vals(l).map_size, vals(r).map_size);
    case SortKey::kSymSize:
      return right_minus_left(l.has_sym ? l.sym_end - l.sym_start : 0, r.has_sym ? r.sym_end - r.sym_start : 0);
    case SortKey::kSymOff: {
      if (l.has_sym != r.has_sym) return cmp_null(l.has_sym, r.has_sym);
      if (l.has_sym && l.sym_start != r.sym_start) return right_minus_left(l.sym_start, r.sym_start);
      return left_minus_right(l.addr, r.addr);
    }
    case SortKey::kTgid: return static_cast<int64_t>(r.pid) - l.pid;
    case SortKey::kCommNoDigit:
      return comm_without_digits(r.comm.str()).compare(comm_without_digits(l.comm.str()));
    case SortKey::kCgroupId:
      if (vals(l).cgroup_dev != vals(r).cgroup_dev) return right_minus_left(vals(l).cgroup_dev, vals(r).cgroup_dev);
      return right_minus_left(vals(l).cgroup_ino, vals(r).cgroup_ino);
    case SortKey::kSrcfile: return str_cmp(vals(r).srcfile, vals(l).srcfile);
    case SortKey::kMem: return right_minus_left(data_src_lvl_bits(data_src_of(l)), data_src_lvl_bits(data_src_of(r)));
    case SortKey::kSnoop:
      return right_minus_left(data_src_snoop_bits(data_src_of(l)), data_src_snoop_bits(data_src_of(r)));
    case SortKey::kTlb: return right_minus_left(data_src_dtlb_bits(data_src_of(l)), data_src_dtlb_bits(data_src_of(r)));
    case SortKey::kLocked:
      return right_minus_left(data_src_lock_bits(data_src_of(l)), data_src_lock_bits(data_src_of(r)));
    case SortKey::kBlocked: return right_minus_left(data_src_blk_bits(data_src_of(l)), data_src_blk_bits(data_src_of(r)));
    case SortKey::kSymDaddr: return right_minus_left(l.mem ? l.mem->data.addr : 0, r.mem ? r.mem->data.addr : 0);
    case SortKey::kSymIaddr: return right_minus_left(l.ip, r.ip);
    case SortKey::kDsoFrom:
    case SortKey::kDsoTo: {
      if (!l.branch || !r.branch) return cmp_null(l.branch != nullptr, r.branch != nullptr);
      const ResolvedAddr& a = key == SortKey::kDsoFrom ? l.branch->from : l.branch->to;
      const ResolvedAddr& b = key == SortKey::kDsoFrom ? r.branch->from : r.branch->to;
      return dso_name_cmp(a.has_map, a.dso, b.has_map, b.dso);
    }
    case SortKey::kSymFrom:
    case SortKey::kSymTo: {
      if (!l.branch || !r.branch) return cmp_null(l.branch != nullptr, r.branch != nullptr);
      const ResolvedAddr& a = key == SortKey::kSymFrom ? l.branch->from : l.branch->to;
      const ResolvedAddr& b = key == SortKey::kSymFrom ? r.branch->from : r.branch->to;
      if (!a.has_sym && !b.has_sym) return right_minus_left(a.addr, b.addr);
      if (!a.has_sym || !b.has_sym) return cmp_null(a.has_sym, b.has_sym);
      if (a.sym_start != b.sym_start) return right_minus_left(a.sym_start, b.sym_start);
      return right_minus_left(a.sym_end, b.sym_end);
    }
    case SortKey::kCycles:
      return static_cast<int64_t>(l.branch ? l.branch->flags.cycles : 0) - (r.branch ? r.branch->flags.cycles : 0);
    // perf: 1 when the flags differ, else 0 (no order: a differing entry always goes right)
    case SortKey::kMispredict:
      return l.branch && r.branch && (l.branch->flags.mispred != r.branch->flags.mispred ||
                                      l.branch->flags.predicted != r.branch->flags.predicted);
    case SortKey::kInTx:
      return static_cast<int64_t>(r.branch && r.branch->flags.in_tx) - (l.branch && l.branch->flags.in_tx);
    case SortKey::kAbort:
      return static_cast<int64_t>(l.branch && l.branch->flags.abort) - (r.branch && r.branch->flags.abort);
    case SortKey::kPhysDaddr:
      return right_minus_left(l.mem ? l.mem->phys_addr : 0, r.mem ? r.mem->phys_addr : 0);
    case SortKey::kDataPageSize:
      return right_minus_left(l.mem ? l.mem->data_page_size : 0, r.mem ? r.mem->data_page_size : 0);
    case SortKey::kDsoDaddr: {
      bool lm = l.mem && l.mem->data.has_map, rm = r.mem && r.mem->data.has_map;
      return dso_name_cmp(lm, lm ? l.mem->data.dso : Text(), rm, rm ? r.mem->data.dso : Text());
    }
    case SortKey::kAddrFrom:
    case SortKey::kAddrTo: {
      if (!l.branch || !r.branch) return cmp_null(l.branch != nullptr, r.branch != nullptr);
      const ResolvedAddr& a = *branch_end(key, l);
      const ResolvedAddr& b = *branch_end(key, r);
      if (int64_t c = dso_name_cmp(a.has_map, a.dso, b.has_map, b.dso)) return c;
      return right_minus_left(a.addr, b.addr);
    }
    case SortKey::kSrclineFrom:
    case SortKey::kSrclineTo: return str_cmp(branch_srcline(key, r), branch_srcline(key, l));
    case SortKey::kDcacheline: return dcacheline_cmp(l, r);
    case SortKey::kType: return str_cmp(vals(l).data_type, vals(r).data_type);
    case SortKey::kTypeOffset:
    case SortKey::kTypeCacheline: {
      if (int64_t c = str_cmp(vals(l).data_type, vals(r).data_type)) return c;
      const int32_t div = key == SortKey::kTypeCacheline ? kTypeCachelineSize : 1;
      return int64_t{vals(l).type_offset / div} - vals(r).type_offset / div;
    }
    default: return 0;
  }
}

const char* sample_key_header(SortKey key, LatencyNames names) {
  bool x86 = names == LatencyNames::kX86, ppc = names == LatencyNames::kPowerpc;
  switch (key) {
    case SortKey::kWeight: return "Weight";
    case SortKey::kLocalWeight: return "Local Weight";
    // perf 7.2 names the latency keys after what the architecture's PMU measures: x86 calls
    // the pipeline stage cycles its retire latency, powerpc its finish and dispatch cycles
    case SortKey::kInsLat: return ppc ? "Global Finish_cyc" : "INSTR Latency";
    case SortKey::kLocalInsLat: return ppc ? "Finish Cyc" : "Local INSTR Latency";
    case SortKey::kPStageCyc: return x86 ? "Retire Latency" : ppc ? "Global Dispatch_cyc" : "Pipeline Stage Cycle";
    case SortKey::kLocalPStageCyc:
      return x86 ? "Local Retire Latency" : ppc ? "Dispatch Cyc" : "Local Pipeline Stage Cycle";
    case SortKey::kRetireLat: return "Pipeline Stage Cycle";
    case SortKey::kLocalRetireLat: return "Local Pipeline Stage Cycle";
    case SortKey::kAddr: return "Address";
    case SortKey::kTime: return "Time";
    case SortKey::kCodePageSize: return "Code Page Size";
    case SortKey::kSimd: return "Simd   ";
    case SortKey::kTransaction: return "Transaction                ";
    case SortKey::kDsoSize: return "DSO size";
    case SortKey::kSymSize: return "Symbol size";
    case SortKey::kSymOff: return "Symbol Offset";
    case SortKey::kTgid: return "   Tgid:Command";
    case SortKey::kCommNoDigit: return "CommandNoDigit";
    case SortKey::kCgroupId: return "cgroup id (dev/inode)";
    case SortKey::kSrcfile: return "Source File";
    case SortKey::kMem: return "Memory access";
    case SortKey::kSnoop: return "Snoop";
    case SortKey::kTlb: return "TLB access";
    case SortKey::kLocked: return "Locked";
    case SortKey::kBlocked: return "Blocked";
    case SortKey::kSymDaddr: return "Data Symbol";
    case SortKey::kDsoDaddr: return "Data Object";
    case SortKey::kSymIaddr: return "Code Symbol";
    case SortKey::kPhysDaddr: return "Data Physical Address";
    case SortKey::kDataPageSize: return "Data Page Size";
    case SortKey::kDsoFrom: return "Source Shared Object";
    case SortKey::kDsoTo: return "Target Shared Object";
    case SortKey::kSymFrom: return "Source Symbol";
    case SortKey::kSymTo: return "Target Symbol";
    case SortKey::kCycles: return "Basic Block Cycles";
    case SortKey::kMispredict: return "Branch Mispredicted";
    case SortKey::kInTx: return "Branch in transaction";
    case SortKey::kAbort: return "Transaction abort";
    case SortKey::kAddrFrom: return "Source Address";
    case SortKey::kAddrTo: return "Target Address";
    case SortKey::kSrclineFrom: return "From Source:Line";
    case SortKey::kSrclineTo: return "To Source:Line";
    case SortKey::kDcacheline: return "Data Cacheline";
    case SortKey::kType: return "Data Type";
    case SortKey::kTypeOffset: return "Data Type Offset";
    case SortKey::kTypeCacheline: return "Data Type Cacheline";
    default: return "";
  }
}

size_t sample_key_base_width(SortKey key, bool nanosecs, LatencyNames names) {
  size_t own = 0;
  switch (key) {
    case SortKey::kWeight:
    case SortKey::kLocalWeight: own = 12; break;
    case SortKey::kInsLat:
    case SortKey::kLocalInsLat:
    case SortKey::kPStageCyc:
    case SortKey::kLocalPStageCyc:
    case SortKey::kRetireLat:
    case SortKey::kLocalRetireLat: own = 13; break;
    case SortKey::kAddr: own = 18; break;
    case SortKey::kTime: own = nanosecs ? 16 : 12; break;
    case SortKey::kCodePageSize: own = 6; break;
    case SortKey::kCgroupId: own = 20; break;
    case SortKey::kMem: own = 39; break;
    case SortKey::kSnoop: own = 12; break;
    case SortKey::kTlb: own = 22; break;
    case SortKey::kLocked: own = 6; break;
    case SortKey::kBlocked: own = 10; break;
    case SortKey::kSymDaddr:
    case SortKey::kSymIaddr:
    case SortKey::kPhysDaddr:
    case SortKey::kDataPageSize: own = 22; break;
    default: break;
  }
  return std::max(own, std::char_traits<char>::length(sample_key_header(key, names)));
}

size_t sample_key_entry_width(SortKey key, const HistSample& s) {
  switch (key) {
    case SortKey::kTransaction: return vals(s).transaction ? kTransactionWidth : 0;
    case SortKey::kCommNoDigit: return comm_without_digits(s.comm.str()).size();
    case SortKey::kSrcfile: return vals(s).srcfile.size();
    // perf: the name, "[x] " and room for an address (a data object's offset)
    case SortKey::kSymDaddr: return s.mem && s.mem->data.has_sym ? s.mem->data.sym.size() + 4 + 16 + 2 : 0;
    case SortKey::kDsoDaddr: return s.mem && s.mem->data.has_map ? s.mem->data.dso.size() : 16;  // perf: room for an address
    case SortKey::kSymIaddr: return s.has_sym ? s.sym.size() + 4 + 16 + 2 : 0;
    // perf: a resolved end's dso and symbol name, else room for an address
    case SortKey::kDsoFrom:
    case SortKey::kDsoTo: {
      const ResolvedAddr* e = branch_end(key, s);
      return e && e->has_sym ? e->dso.size() : 16;
    }
    case SortKey::kSymFrom:
    case SortKey::kSymTo: {
      const ResolvedAddr* e = branch_end(key, s);
      return e && e->has_sym ? e->sym.size() + 4 : 16 + 4 + 2;
    }
    // perf widens the address columns for unresolved ends only (names are cut to the column)
    case SortKey::kAddrFrom:
    case SortKey::kAddrTo: {
      const ResolvedAddr* e = branch_end(key, s);
      return e && e->has_sym ? 0 : 16 + 4 + 2;
    }
    case SortKey::kSrclineFrom:
    case SortKey::kSrclineTo: return branch_srcline(key, s).size();
    // perf: the name, "[x] ", room for an address and one more; else room for an address
    case SortKey::kDcacheline: return s.mem && s.mem->data.has_sym ? s.mem->data.sym.size() + 4 + 16 + 2 + 1 : 16 + 4 + 2;
    default: return 0;
  }
}

std::string sample_key_text(SortKey key, const HistSample& s, uint64_t samples, size_t width, bool align,
                            bool nanosecs) {
  char buf[48];
  switch (key) {
    case SortKey::kWeight: return number_left(vals(s).weight * samples, width);
    case SortKey::kLocalWeight: return number_left(vals(s).weight, width);
    case SortKey::kInsLat: return number_left(uint64_t{vals(s).ins_lat} * samples, width);
    case SortKey::kLocalInsLat: return number_left(vals(s).ins_lat, width);
    case SortKey::kPStageCyc:
    case SortKey::kRetireLat: return number_left(uint64_t{vals(s).p_stage_cyc} * samples, width);
    case SortKey::kLocalPStageCyc:
    case SortKey::kLocalRetireLat: return number_left(vals(s).p_stage_cyc, width);
    case SortKey::kAddr:
      std::snprintf(buf, sizeof(buf), "%#-*" PRIx64, static_cast<int>(width), s.ip);
      return buf;
    case SortKey::kTime: return left(time_text(vals(s).time, nanosecs), align ? width : 0);
    case SortKey::kCodePageSize: return left(page_size_name(vals(s).code_page_size), width);
    case SortKey::kSimd: return left("", align ? width : 0);
    case SortKey::kTransaction: return left(transaction_text(vals(s).transaction), width);
    case SortKey::kDsoSize: return right(s.has_map ? std::to_string(vals(s).map_size) : "unknown", width);
    case SortKey::kSymSize: return right(s.has_sym ? std::to_string(s.sym_end - s.sym_start) : "unknown", width);
    case SortKey::kSymOff: return left(symoff_text(s, width), align ? width : 0);
    case SortKey::kTgid: return id_comm(s.pid, process_comm(s), width);
    case SortKey::kCommNoDigit: return left(comm_without_digits(s.comm.str()).substr(0, width), width);
    case SortKey::kCgroupId:
      std::snprintf(buf, sizeof(buf), "%" PRIu64 "/0x%" PRIx64, vals(s).cgroup_dev, vals(s).cgroup_ino);
      return left(buf, align ? width : 0);
    case SortKey::kSrcfile: return left(vals(s).srcfile.str().substr(0, width), align ? width : 0);
    // perf pads the type alone even in the last column
    case SortKey::kType: return left(vals(s).data_type.str(), width);
    case SortKey::kTypeOffset: return left(type_offset_text(vals(s)), align ? width : 0);
    case SortKey::kTypeCacheline:
      std::snprintf(buf, sizeof(buf), ": cache-line %d", vals(s).type_offset / kTypeCachelineSize);
      return left(vals(s).data_type.str() + buf, align ? width : 0);
    case SortKey::kMem: return left(data_src_lvl_text(data_src_of(s)), width);
    case SortKey::kSnoop: return left(data_src_snoop_text(data_src_of(s)), width);
    case SortKey::kTlb: return left(data_src_tlb_text(data_src_of(s)), width);
    case SortKey::kLocked: return left(data_src_lock_text(data_src_of(s)), align ? width : 0);
    case SortKey::kBlocked: return left(data_src_blk_text(data_src_of(s)), align ? width : 0);
    case SortKey::kSymDaddr: return left(daddr_sym_text(s.mem), align ? width : 0);
    case SortKey::kDsoDaddr:
      return left(s.mem && s.mem->data.has_map ? s.mem->data.dso.str().substr(0, width) : "[unknown]", width);
    case SortKey::kSymIaddr: return left(code_sym_text(s), align ? width : 0);
    case SortKey::kPhysDaddr: {
      // perf: the sample's level, the address in 16 digits, padded to the column
      std::snprintf(buf, sizeof(buf), "[%c] %#.16" PRIx64, s.level, s.mem ? s.mem->phys_addr : 0);
      return left(buf, width);
    }
    case SortKey::kDataPageSize: return left(page_size_name(s.mem ? s.mem->data_page_size : 0), width);
    case SortKey::kDsoFrom:
    case SortKey::kDsoTo: {
      const ResolvedAddr* e = branch_end(key, s);
      return left(e && e->has_map ? e->dso.str().substr(0, width) : "[unknown]", width);
    }
    case SortKey::kSymFrom:
    case SortKey::kSymTo: {  // perf: the branch end's own level
      const ResolvedAddr* e = branch_end(key, s);
      return left(branch_sym_text(e, e ? e->level : s.level), align ? width : 0);
    }
    case SortKey::kCycles: {
      int16_t c = s.branch ? static_cast<int16_t>(s.branch->flags.cycles) : 0;  // perf's %hd
      return left(c ? std::to_string(c) : "-", width);
    }
    case SortKey::kInTx: return left(s.branch && s.branch->flags.in_tx ? "T" : ".", width);
    case SortKey::kAbort: return left(s.branch && s.branch->flags.abort ? "A" : ".", width);
    case SortKey::kAddrFrom:
    case SortKey::kAddrTo: return left(branch_addr_text(branch_end(key, s), s.level, width), align ? width : 0);
    case SortKey::kSrclineFrom:
    case SortKey::kSrclineTo: return left(branch_srcline(key, s).str().substr(0, width), width);
    case SortKey::kDcacheline: return left(dcacheline_text(s), align ? width : 0);
    default: return {};
  }
}

}  // namespace cperf
