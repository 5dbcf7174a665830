#include "hist/hists.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "hist/hist_compare.h"
#include "hist/sample_keys.h"

namespace cperf {

namespace {

// perf's _sort__dso_cmp(map_l, map_r): no dso first, then by short name.
int64_t dso_cmp(const HistSample& l, const HistSample& r) {
  return dso_name_cmp(l.has_map, l.dso, r.has_map, r.dso);
}

// perf's _sort__sym_cmp: inline symbols compare by name (equal names of overlapping ranges are
// the same function), all others by start then end. Differences are taken modulo 2^64 as
// perf does, so a kernel and a user address may compare "the wrong way".
int64_t sym_cmp(const HistSample& l, const HistSample& r) {
  if (!l.has_sym || !r.has_sym) return cmp_null(l.has_sym, r.has_sym);
  if (l.inlined || r.inlined) {
    int64_t c = str_cmp(l.sym, r.sym);
    if (c) return c;
    if (l.sym_start <= r.sym_end && l.sym_end >= r.sym_start) return 0;
  }
  if (l.sym_start != r.sym_start) return static_cast<int64_t>(r.sym_start - l.sym_start);
  return static_cast<int64_t>(r.sym_end - l.sym_end);
}

// perf's sort__parent_cmp (also its sort function): no parent first, then names reversed.
int64_t parent_cmp(const HistSample& l, const HistSample& r) {
  if (l.parent.empty() || r.parent.empty()) return cmp_null(!l.parent.empty(), !r.parent.empty());
  return str_cmp(r.parent, l.parent);
}

uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x9e3779b97f4a7c15ull; }

// perf compares addresses by their difference modulo 2^64: a total order only among values
// within 2^62 of zero either way.
bool near_zero(uint64_t v) { return (v >> 62) == 0 || (v >> 62) == 3; }

}  // namespace

Hists::Hists(HistOptions opts) : opts_(std::move(opts)) {
  // The index knows the keys that compare as plain values; the symbol key last, after the dso
  // key (without one it compares dsos itself).
  const std::vector<SortKey>& keys = opts_.sort;
  bool dso_seen = false;
  index_keys_ = true;
  for (size_t i = 0; i < keys.size(); ++i) {
    SortKey k = keys[i];
    if (k == SortKey::kDso) dso_seen = true;
    bool known = k == SortKey::kComm || k == SortKey::kPid || k == SortKey::kDso ||
                 (k == SortKey::kSym && dso_seen && i + 1 == keys.size());
    if (!known) index_keys_ = false;
  }
  dso_key_ = dso_seen;
  default_keys_ = keys == std::vector<SortKey>{SortKey::kComm, SortKey::kDso, SortKey::kSym};
}

Hists::IndexKey Hists::index_key(const HistSample& s, bool filtered) const {
  IndexKey k;
  if (!index_keys_) return k;
  uint64_t g = mix(1, filtered);
  bool sym_key = false;
  if (default_keys_) {  // the loop below for comm,dso,sym, unrolled: this runs for every frame
    g = mix(g, reinterpret_cast<uintptr_t>(s.comm.ptr()));
    g = mix(g, s.has_map ? reinterpret_cast<uintptr_t>(s.dso.ptr()) : 0);
    sym_key = true;
  } else {
    for (SortKey key : opts_.sort) {
      if (key == SortKey::kComm) g = mix(g, reinterpret_cast<uintptr_t>(s.comm.ptr()));
      if (key == SortKey::kPid) g = mix(g, static_cast<uint32_t>(s.tid));
      if (key == SortKey::kDso) g = mix(g, s.has_map ? reinterpret_cast<uintptr_t>(s.dso.ptr()) : 0);
      if (key == SortKey::kSym) sym_key = true;
    }
  }
  k.group = g;
  k.hash = g;
  k.usable = true;
  if (sym_key) {
    if (s.has_sym) {
      k.hash = mix(mix(mix(g, 1), s.sym_start), s.sym_end);
      k.usable = !s.inlined && near_zero(s.sym_start) && near_zero(s.sym_end);
    } else {
      k.hash = mix(mix(g, 2), s.addr);
      k.usable = near_zero(s.addr);
    }
  }
  return k;
}

HistEntry* Hists::indexed(const IndexKey& k, const HistSample& s, bool filtered, bool* answered) const {
  *answered = k.usable && !index_.group_marked(k.group);
  if (!*answered) return nullptr;
  return index_.find(k.hash, [&](const HistEntry& e) { return cmp(e, s, filtered) == 0; });
}

std::vector<SortKey> Hists::shown_keys() const {
  if (opts_.hierarchy) return opts_.sort;  // perf elides no level of a hierarchy
  std::vector<SortKey> v;
  for (SortKey k : opts_.sort) {
    bool hidden = (k == SortKey::kComm && opts_.elide_comm) || (k == SortKey::kDso && opts_.elide_dso) ||
                  (k == SortKey::kSym && opts_.elide_sym);
    if (!hidden) v.push_back(k);
  }
  return v.empty() ? opts_.sort : v;  // perf never hides every column
}

std::vector<OutputField> Hists::columns() const {
  std::vector<OutputField> v;
  std::vector<SortKey> shown = shown_keys();
  for (const OutputField& f : all_columns())
    if (f.kind != OutputField::kKey || std::find(shown.begin(), shown.end(), f.key) != shown.end())
      v.push_back(f);
  return v;
}

std::vector<OutputField> Hists::all_columns() const {
  std::vector<OutputField> v;
  if (opts_.fields.empty()) {
    if (opts_.latency_key) {
      v.push_back({OutputField::kLatency});
    } else {
      bool lat = opts_.latency, first = opts_.prefer_latency;
      if (opts_.children || opts_.children_na) {
        if (first) v.push_back({OutputField::kLatencyChildren});
        v.push_back({OutputField::kChildren});
        if (lat && !first) v.push_back({OutputField::kLatencyChildren});
      }
      if (first) v.push_back({OutputField::kLatency});
      v.push_back({OutputField::kSelf});
      if (lat && !first) v.push_back({OutputField::kLatency});
    }
    if (opts_.show_cpu_utilization) {
      v.push_back({OutputField::kSys});
      v.push_back({OutputField::kUsr});
    }
    if (opts_.show_nr_samples) v.push_back({OutputField::kSamples});
    if (opts_.show_total_period) v.push_back({OutputField::kPeriod});
    for (SortKey k : opts_.sort)  // -s period is the Period column --show-total-period shows
      if (k != SortKey::kPeriod || !opts_.show_total_period) v.push_back({OutputField::kKey, k});
    return v;
  }
  return opts_.fields;
}

uint64_t Hists::total_period() const {
  return opts_.filter_relative ? non_filtered_period_ : total_period_;
}

uint64_t Hists::total_latency() const {
  return opts_.filter_relative ? non_filtered_latency_ : total_latency_;
}

uint64_t Hists::nr_samples() const {
  return opts_.filter_relative ? non_filtered_samples_ : nr_samples_;
}

inline int64_t Hists::sym_key_cmp(const HistSample& l, const HistSample& r, bool collapsing) const {
  if (collapsing && opts_.collapse_sym_names)
    return !l.has_sym || !r.has_sym ? cmp_null(l.has_sym, r.has_sym) : str_cmp(r.sym, l.sym);
  if (!l.has_sym && !r.has_sym) return static_cast<int64_t>(r.addr - l.addr);
  int64_t c = dso_key_ ? 0 : dso_cmp(r, l);
  return c ? c : sym_cmp(l, r);
}

// One sort key's se_cmp (collapsing: its se_collapse), `l` being the entry already in the tree.
int64_t Hists::key_cmp(SortKey key, const HistSample& l, const HistSample& r, bool collapsing) const {
  switch (key) {
    case SortKey::kComm: return str_cmp(r.comm, l.comm);
    case SortKey::kPid: return static_cast<int64_t>(r.tid) - l.tid;
    case SortKey::kCpu: return static_cast<int64_t>(r.cpu) - l.cpu;
    case SortKey::kSocket: return static_cast<int64_t>(r.socket) - l.socket;
    case SortKey::kCgroup: return static_cast<int64_t>(r.cgroup - l.cgroup);
    case SortKey::kTrace: return l.is_tracepoint ? str_cmp(r.trace, l.trace) : 0;
    case SortKey::kPeriod: return 0;
    // perf's IPC column compares as the symbol key (so it keeps a symbol_* key's symbols apart)
    case SortKey::kIpcNull: return key_cmp(SortKey::kSym, l, r, collapsing);
    case SortKey::kBranchPredicted:
    case SortKey::kBranchAbort:
    case SortKey::kBranchCycles: return 0;  // columns only, as in perf
    case SortKey::kParallelism: return static_cast<int64_t>(r.parallelism) - l.parallelism;
    case SortKey::kParent: return parent_cmp(l, r);
    case SortKey::kSrcline: {
      // perf keeps entries apart by address (and dso) first, and merges equal source lines
      // when collapsing.
      if (collapsing) return str_cmp(r.srcline, l.srcline);
      int64_t c = static_cast<int64_t>(r.addr - l.addr);
      return c ? c : dso_cmp(r, l);
    }
    case SortKey::kDso: return dso_cmp(r, l);
    case SortKey::kSym: return sym_key_cmp(l, r, collapsing);
    // perf's data-type keys keep entries apart by sampled address (sort__type_cmp is
    // sort__addr_cmp) and merge equal types only when collapsing; the other keys' compares
    // in between decide which entries the collapse merges (cc-g -s type,sym).
    case SortKey::kType:
    case SortKey::kTypeOffset:
    case SortKey::kTypeCacheline:
      if (!collapsing) return static_cast<int64_t>(r.ip - l.ip);
      return sample_key_cmp(key, l, r);
    default: return sample_key_cmp(key, l, r);
  }
}

// perf's hist_entry__cmp (the sort keys' se_cmp), `left` being the entry already in the tree.
int64_t Hists::cmp(const HistEntry& left, const HistSample& r, bool right_filtered,
                   bool collapsing) const {
  int64_t c = static_cast<int64_t>(left.filtered) - static_cast<int64_t>(right_filtered);
  if (c) return c;
  // The default keys inline: this runs for every step of every tree search.
  if (default_keys_) {
    const HistSample& l = left.key;
    if ((c = str_cmp(r.comm, l.comm))) return c;
    if ((c = dso_cmp(r, l))) return c;
    return sym_key_cmp(l, r, collapsing);
  }
  for (SortKey key : opts_.sort) {
    switch (key) {
      case SortKey::kComm: c = str_cmp(r.comm, left.key.comm); break;
      case SortKey::kDso: c = dso_cmp(r, left.key); break;
      case SortKey::kSym: c = sym_key_cmp(left.key, r, collapsing); break;
      default: c = key_cmp(key, left.key, r, collapsing);
    }
    if (c) return c;
  }
  return 0;
}

// An accumulated column's sort (children, latency children): the accumulated values, then,
// within one thread, the caller (longer paths below it) first.
int64_t Hists::acc_cmp(uint64_t a_acc, uint64_t b_acc, const HistEntry& a, const HistEntry& b) const {
  if (!opts_.children) return 0;  // perf's column without accumulation (N/A) sorts nothing
  int64_t c = field_cmp(a_acc, b_acc);
  if (c) return c;
  if (a.key.tid == b.key.tid && a.key.pid == b.key.pid && opts_.use_callchain) {
    c = static_cast<int64_t>(b.chain.max_depth()) - static_cast<int64_t>(a.chain.max_depth());
    if (opts_.caller_order) c = -c;
  }
  return c;
}

int64_t Hists::children_cmp(const HistEntry& a, const HistEntry& b) const {
  return acc_cmp(a.period_acc, b.period_acc, a, b);
}

// A number column's sort (> 0 puts `a` first): the entries' own values, then, in a group view,
// each member's in turn.
int64_t Hists::number_sort_cmp(OutputField::Kind kind, const HistEntry& a, const HistEntry& b) const {
  int64_t c = own_number_sort_cmp(kind, a, b);
  if (members_.empty() || kind == OutputField::kChildren || kind == OutputField::kLatencyChildren) return c;
  auto member_cmp = [&](size_t m) {
    const HistEntry* pa = a.pair(m);
    const HistEntry* pb = b.pair(m);
    return field_cmp(pa ? number_field(kind, *pa) : 0, pb ? number_field(kind, *pb) : 0);
  };
  // perf's --group-sort-idx (its percent columns only): member N, the other members in turn,
  // then the leader; an index past the group sorts by the leader alone.
  bool percent = kind == OutputField::kSelf || kind == OutputField::kSys || kind == OutputField::kUsr ||
                 kind == OutputField::kGuestSys || kind == OutputField::kGuestUsr || kind == OutputField::kLatency;
  if (opts_.group_sort_idx && percent) {
    int idx = opts_.group_sort_idx;
    if (idx < 1 || static_cast<size_t>(idx) > members_.size()) return c;
    if (int64_t r = member_cmp(idx - 1)) return r;
    for (size_t m = 0; m < members_.size(); ++m)
      if (m + 1 != static_cast<size_t>(idx))
        if (int64_t r = member_cmp(m)) return r;
    return c;
  }
  if (c) return c;
  for (size_t m = 0; m < members_.size(); ++m)
    if ((c = member_cmp(m))) return c;
  return 0;
}

uint64_t Hists::number_field(OutputField::Kind kind, const HistEntry& e) const {
  switch (kind) {
    case OutputField::kChildren: return e.period_acc;
    case OutputField::kLatencyChildren: return e.latency_acc;
    case OutputField::kSelf:
    case OutputField::kPeriod: return e.period;
    case OutputField::kLatency: return e.latency;
    case OutputField::kSamples: return e.samples;
    case OutputField::kSys: return e.period_sys;
    case OutputField::kUsr: return e.period_usr;
    case OutputField::kGuestSys: return e.guest_sys;
    case OutputField::kGuestUsr: return e.guest_usr;
    case OutputField::kWeight1: return e.weight1;
    case OutputField::kWeight2: return e.weight2;
    case OutputField::kWeight3: return e.weight3;
    default: return 0;  // keys; memory statistics (several numbers)
  }
  return 0;
}

int64_t Hists::own_number_sort_cmp(OutputField::Kind kind, const HistEntry& a, const HistEntry& b) const {
  switch (kind) {
    case OutputField::kChildren: return children_cmp(a, b);
    case OutputField::kLatencyChildren: return acc_cmp(a.latency_acc, b.latency_acc, a, b);
    case OutputField::kSelf:
    case OutputField::kPeriod: return field_cmp(a.period, b.period);
    case OutputField::kLatency: return field_cmp(a.latency, b.latency);
    case OutputField::kSamples: return field_cmp(a.samples, b.samples);
    case OutputField::kSys: return field_cmp(a.period_sys, b.period_sys);
    case OutputField::kUsr: return field_cmp(a.period_usr, b.period_usr);
    case OutputField::kGuestSys: return field_cmp(a.guest_sys, b.guest_sys);
    case OutputField::kGuestUsr: return field_cmp(a.guest_usr, b.guest_usr);
    case OutputField::kWeight1: return field_cmp(a.weight1, b.weight1);
    case OutputField::kWeight2: return field_cmp(a.weight2, b.weight2);
    case OutputField::kWeight3: return field_cmp(a.weight3, b.weight3);
    case OutputField::kMemOp:
    case OutputField::kMemCache:
    case OutputField::kMemMemory:
    case OutputField::kMemSnoop:
    case OutputField::kMemDtlb: return field_cmp(a.period, b.period);  // perf: by the whole weight
    default: return 0;
  }
  return 0;
}

// A sort key's sort function (perf's se_sort, or se_cmp without one): > 0 puts `a` first.
int64_t Hists::key_sort_cmp(SortKey key, const HistEntry& a, const HistEntry& b) const {
  switch (key) {
    case SortKey::kComm: return str_cmp(b.key.comm, a.key.comm);
    case SortKey::kPid: return static_cast<int64_t>(b.key.tid) - a.key.tid;
    case SortKey::kCpu: return static_cast<int64_t>(b.key.cpu) - a.key.cpu;
    case SortKey::kSocket: return static_cast<int64_t>(b.key.socket) - a.key.socket;
    case SortKey::kCgroup: return static_cast<int64_t>(b.key.cgroup - a.key.cgroup);
    case SortKey::kTrace: return a.key.is_tracepoint ? str_cmp(b.key.trace, a.key.trace) : 0;
    case SortKey::kPeriod: return field_cmp(a.period, b.period);
    case SortKey::kIpcNull: return key_cmp(SortKey::kSym, a.key, b.key, false);
    case SortKey::kBranchPredicted:
    case SortKey::kBranchAbort:
    case SortKey::kBranchCycles: return 0;
    case SortKey::kParallelism: return static_cast<int64_t>(b.key.parallelism) - a.key.parallelism;
    case SortKey::kParent: return parent_cmp(a.key, b.key);
    case SortKey::kSrcline: return str_cmp(b.key.srcline, a.key.srcline);
    case SortKey::kDso: return dso_cmp(b.key, a.key);
    case SortKey::kSym:
      if (!a.key.has_sym || !b.key.has_sym) return cmp_null(a.key.has_sym, b.key.has_sym);
      return str_cmp(b.key.sym, a.key.sym);
    // perf sorts symbol offsets by the symbol's name first, as the symbol key
    case SortKey::kSymOff:
      if (a.key.has_sym && b.key.has_sym && a.key.sym != b.key.sym) return str_cmp(b.key.sym, a.key.sym);
      return sample_key_cmp(key, a.key, b.key);
    default: return sample_key_cmp(key, a.key, b.key);
  }
}

void Hists::prepare_sort_order() const {
  if (!sort_order_ready_) {
    // The overhead columns sort in their order (children, latency, self ...); -n's and the
    // total period's columns do not. Worked out once: this runs for every comparison.
    for (const OutputField& f : columns()) {
      if (f.kind == OutputField::kKey || f.kind == OutputField::kSys || f.kind == OutputField::kUsr ||
          f.kind == OutputField::kSamples || f.kind == OutputField::kPeriod)
        continue;
      if (f.kind == OutputField::kChildren && !opts_.children) continue;  // a pipe's N/A column
      sort_numbers_.push_back(f.kind);
    }
    sort_keys_ = shown_keys();
    sort_order_ready_ = true;
  }
}

// perf's hist_entry__sort for the output tree: > 0 puts `a` before `b`.
int64_t Hists::sort_cmp(const HistEntry& a, const HistEntry& b) const {
  if (!opts_.fields.empty()) return fields_sort_cmp(a, b);
  prepare_sort_order();
  int64_t c = 0;
  for (OutputField::Kind kind : sort_numbers_) {
    c = number_sort_cmp(kind, a, b);
    if (c) return c;
  }
  for (SortKey key : sort_keys_) {
    c = key_sort_cmp(key, a, b);
    if (c) return c;
  }
  // perf appends the output-only columns to the sort list, after the keys.
  if (opts_.show_cpu_utilization) {
    c = field_cmp(a.period_sys, b.period_sys);
    if (!c) c = field_cmp(a.period_usr, b.period_usr);
  }
  return c;
}

// With -F the sort list is explicit: each field's own order, in the list's order.
int64_t Hists::fields_sort_cmp(const HistEntry& a, const HistEntry& b) const {
  for (const OutputField& f : opts_.sort_fields) {
    int64_t c = f.kind == OutputField::kKey ? key_sort_cmp(f.key, a, b) : number_sort_cmp(f.kind, a, b);
    if (c) return c;
  }
  return 0;
}

HistEntry* Hists::findnew(const HistSample& s, bool sample_self, bool filtered, const Lookup* known) {
  Lookup l;
  if (known) {
    l = *known;
  } else {
    l.key = index_key(s, filtered);
    l.entry = indexed(l.key, s, filtered, &l.answered);
  }
  const IndexKey& k = l.key;
  HistEntry* e = l.entry;
  RbSlot slot;
  if (!e) {
    // Not indexed: the tree's answer (a new entry needs its place in the tree anyway).
    slot = rb_find_slot(in_, [&](RbNode* n) { return cmp(*n->item<HistEntry>(), s, filtered); });
    e = slot.found ? slot.found->item<HistEntry>() : nullptr;
  }
  if (e) refresh_map(*e, s);
  if (!e) {
    e = new_entry();
    e->chain.use_store(&chain_store());
    e->key = s;
    e->filtered = filtered;
    rb_insert_at(in_, &e->rb_in, slot.parent, slot.link);
    if (k.usable) index_.insert(k.hash, e);
    else if (index_keys_) index_.mark_group(k.group);  // its group is no total order any more
  }
  if (sample_self) {
    e->period += s.period;
    e->latency += s.latency;
    e->samples += 1;
    add_self_extras(*e, s);
  }
  if (opts_.children) {
    e->period_acc += s.period;
    e->latency_acc += s.latency;
    e->samples_acc += 1;
  }
  return e;
}

// perf's he_stat__add_cpumode_period and the weight sums of its -F weight1-3 columns.
void Hists::add_self_extras(HistEntry& e, const HistSample& s) const {
  switch (s.cpumode) {
    case 1: e.period_sys += s.period; break;  // PERF_RECORD_MISC_KERNEL
    case 2: e.period_usr += s.period; break;  // PERF_RECORD_MISC_USER
    case 4: e.guest_sys += s.period; break;   // PERF_RECORD_MISC_GUEST_KERNEL
    case 5: e.guest_usr += s.period; break;   // PERF_RECORD_MISC_GUEST_USER
    default: break;
  }
  if (opts_.mem_stats && s.mem) {
    if (!e.mem_stats) e.mem_stats = std::make_unique<MemStats>();
    for (int t = 0; t < kMemStatTypes; ++t)
      (*e.mem_stats)[t][mem_stat_index(static_cast<MemStatType>(t), s.mem->data_src)] += s.period;
  }
  if (s.values) {
    e.weight1 += s.values->weight;
    e.weight2 += s.values->ins_lat;
    e.weight3 += s.values->p_stage_cyc;
  }
}

void Hists::merge_self_extras(HistEntry& into, const HistEntry& from) {
  into.period_sys += from.period_sys;
  into.period_usr += from.period_usr;
  into.guest_sys += from.guest_sys;
  into.guest_usr += from.guest_usr;
  into.weight1 += from.weight1;
  into.weight2 += from.weight2;
  into.weight3 += from.weight3;
  if (from.mem_stats) {
    if (!into.mem_stats) into.mem_stats = std::make_unique<MemStats>();
    for (int t = 0; t < kMemStatTypes; ++t)
      for (int i = 0; i < kMemStatLen; ++i) (*into.mem_stats)[t][i] += (*from.mem_stats)[t][i];
  }
}

// perf's hists__findnew_entry: with a symbol key, an entry hit from another map (another
// process, or a map replaced by exec) takes that map and the symbol the map has at the entry's
// symbol start. An inline frame's entry so becomes its enclosing function, which later frames
// of that function then match.
void Hists::refresh_map(HistEntry& e, const HistSample& s) {
  if (e.key.map == s.map) return;
  if (std::find(opts_.sort.begin(), opts_.sort.end(), SortKey::kSym) == opts_.sort.end()) return;
  if (e.key.has_sym && s.map && symbol_lookup_) {
    SymbolAt at = symbol_lookup_(s, e.key.sym_start);
    // A rewritten symbol leaves the entry where its old one placed it in the tree.
    bool moved = !at.found || e.key.inlined || at.start != e.key.sym_start || at.end != e.key.sym_end;
    if (moved && index_keys_) index_.mark_group(index_key(e.key, e.filtered).group);
    e.key.has_sym = at.found;
    e.key.inlined = false;
    e.key.sym = at.name;
    e.key.sym_start = at.start;
    e.key.sym_end = at.end;
  }
  e.key.map = s.map;
}

HistEntry* Hists::new_entry() {
  entries_.push_back(entry_store_.make());
  return entries_.back();
}

ChainStore& Hists::chain_store() {
  if (!store_) {
    own_store_ = std::make_unique<ChainStore>();
    store_ = own_store_.get();
  }
  return *store_;
}

const FrameTable& Hists::frames() const {
  static const FrameTable kNoFrames;
  return store_ ? store_->frames : kNoFrames;
}

void Hists::add(const HistSample& s, const std::vector<ChainFrame>* path, bool filtered) {
  if (!path) return add(s, nullptr, 0, filtered);
  path_ids_.clear();
  for (const ChainFrame& f : *path) path_ids_.push_back(chain_store().frames.intern(f));
  add(s, path_ids_.data(), path_ids_.size(), filtered);
}

void Hists::add(const HistSample& s, const FrameId* path, size_t n, bool filtered,
                const BranchCounts* branch_suffix, const ChainBranchInfo* branch_frames) {
  ChainStore& st = chain_store();
  nr_samples_ += 1;
  total_period_ += s.period;
  total_latency_ += s.latency;
  if (!filtered) {
    non_filtered_samples_ += 1;
    non_filtered_period_ += s.period;
    non_filtered_latency_ += s.latency;
  }
  bool keep_chains = opts_.mode != ChainMode::kNone && n;
  HistEntry* he = findnew(s, true, filtered);
  if (const BranchInfo* b = he->key.branch) branch_stats_.count(b->from.addr, b->to.addr, b->flags);
  PathIds ids(st, path, n, branch_frames);
  // (the per-frame branch counts go with the path: appended here)
  ChainAppender* appender = st.branch_stats ? nullptr : appender_;
  // Each entry's tree gets the path from its frame on (all of it for the sampled entry).
  auto append = [&](HistEntry* e, size_t from) {
    if (branch_suffix) e->branch_counts += branch_suffix[from];
    if (appender) appender->append(e->chain, from, s.period);
    else e->chain.append(ids, from, s.period);
  };
  if (keep_chains && appender) appender->path(path, n);
  if (keep_chains) append(he, 0);
  if (!opts_.children || !n) return;

  // perf's cumulative iterator: every frame's (comm, dso, symbol) entry gets the period once
  // per sample, with the path from that frame on; recursion is counted once.
  cache_.clear();
  cache_.push_back(he);
  bool parallelism_key = std::find(opts_.sort.begin(), opts_.sort.end(), SortKey::kParallelism) != opts_.sort.end();
  HistSample t = s;  // the sample's thread, period, cpu and parent; each frame sets the rest
  ChainFrame scratch;
  for (size_t i = 0; i < n; ++i) {
    const ChainFrame& f = st.frames.get(path[i], scratch);
    t.has_map = f.has_map;
    t.origin = f.origin;
    t.dso = f.has_map ? f.dso : Text();
    t.has_sym = f.has_sym;
    t.inlined = f.inlined;
    t.sym_start = f.sym_start;
    t.sym_end = f.sym_end;
    t.sym = f.sym;
    t.map = f.map;
    t.symbols = f.symbols;
    t.addr = f.ip;
    t.ip = f.ip;
    t.srcline = f.srcline;
    // perf marks frames with a map as user level ('.'), kernel ones included; a frame with
    // neither map nor symbol keeps the previous frame's level.
    if (f.has_map || f.has_sym) t.level = '.';
    // perf's duplicate check compares with a template entry that has no parallelism, so with
    // that key no frame is ever a duplicate (each adds its period again).
    bool dup = false;
    Lookup unfiltered;  // the look-up findnew would make again, for an unfiltered sample
    if (!parallelism_key) {
      unfiltered.key = index_key(t, false);
      unfiltered.entry = indexed(unfiltered.key, t, false, &unfiltered.answered);
      if (unfiltered.answered)  // the only entry equal to the frame's key
        dup = unfiltered.entry &&
              std::find(cache_.begin(), cache_.end(), unfiltered.entry) != cache_.end();
      else {
        // perf's template entry has the frame and the thread but none of the sample's own
        // values (time, weight, ...): with such a key a frame is a duplicate only when the
        // sample's values are zero
        const SampleValues* values = t.values;
        t.values = nullptr;
        for (const HistEntry* c : cache_)
          if (cmp(*c, t, false) == 0) {
            dup = true;
            break;
          }
        t.values = values;
      }
    }
    if (dup) continue;
    HistEntry* ce = findnew(t, false, filtered, !parallelism_key && !filtered ? &unfiltered : nullptr);
    cache_.push_back(ce);
    if (keep_chains) append(ce, i);
  }
}

RbRoot& Hists::collapse() {
  bool need = std::find(opts_.sort.begin(), opts_.sort.end(), SortKey::kComm) != opts_.sort.end() ||
              std::find(opts_.sort.begin(), opts_.sort.end(), SortKey::kSrcline) != opts_.sort.end() ||
              std::any_of(opts_.sort.begin(), opts_.sort.end(), is_data_type_key) || opts_.collapse_sym_names;
  if (!need) return in_;
  collapsed_ = RbRoot{};
  // The new tree's order, kept as a list while it is built (a node goes in just before or
  // after its parent), so that sorted() need not walk the tree: its nodes are scattered.
  std::vector<HistEntry*> seq;
  std::vector<uint32_t> next, prev;  // by insertion number; kEnd: none
  constexpr uint32_t kEnd = UINT32_MAX;
  uint32_t head = kEnd, tail = kEnd;
  // Entries come in the input tree's order. One of a group whose entries compare as plain
  // values (a total order) is above every entry before it, whatever the other groups hold
  // (groups compare by their keys first): its search would end right of the last one. The
  // index knows the groups when the keys are value compares (srcline's collapse compare is
  // not its search compare), unless a comm renamed at print time moved entries.
  bool groups_known = index_keys_ && !comms_renamed_ && !opts_.collapse_sym_names;
  for (RbNode* n = rb_first(in_); n; n = rb_next(n)) {
    HistEntry* he = n->item<HistEntry>();
    RbSlot slot;
    if (groups_known && tail != kEnd && !index_.group_marked(index_key(he->key, he->filtered).group)) {
      RbNode* last = &seq[tail]->rb_collapsed;
      slot = RbSlot{nullptr, last, &last->right};
    } else {
      slot = rb_find_slot(collapsed_, [&](RbNode* n) {
        return cmp(*n->item<HistEntry>(), he->key, he->filtered, true);
      });
    }
    if (!slot.found) {
      auto k = static_cast<uint32_t>(seq.size());
      he->collapse_seq = k;
      seq.push_back(he);
      next.push_back(kEnd);
      prev.push_back(kEnd);
      if (!slot.parent) {
        head = tail = k;
      } else if (uint32_t p = slot.parent->item<HistEntry>()->collapse_seq; slot.link == &slot.parent->left) {
        prev[k] = prev[p];  // k goes just before p
        next[k] = p;
        (prev[p] == kEnd ? head : next[prev[p]]) = k;
        prev[p] = k;
      } else {
        next[k] = next[p];  // just after p
        prev[k] = p;
        (next[p] == kEnd ? tail : prev[next[p]]) = k;
        next[p] = k;
      }
      rb_insert_at(collapsed_, &he->rb_collapsed, slot.parent, slot.link);
      continue;
    }
    HistEntry* same = slot.found->item<HistEntry>();
    // Two entries the input tree kept apart (its compare is no total order) are one.
    same->period += he->period;
    same->samples += he->samples;
    same->period_acc += he->period_acc;
    same->latency += he->latency;
    same->latency_acc += he->latency_acc;
    same->samples_acc += he->samples_acc;
    merge_self_extras(*same, *he);
    if (opts_.use_callchain) same->chain.merge(he->chain);
  }
  root_order_.clear();
  for (uint32_t k = head; k != kEnd; k = next[k]) root_order_.push_back(seq[k]);
  return collapsed_;
}

bool Hists::output_filter_keeps(const HistSample& s) const {
  if (opts_.socket_filter >= 0 && s.socket != opts_.socket_filter) return false;
  return opts_.symbol_filter.empty() || (s.has_sym && s.sym.str().find(opts_.symbol_filter) != std::string::npos);
}

void Hists::prepare_entries() {
  for (auto& e : entries_) {
    if (e->key.default_comm) {
      e->key.comm = Text(e->key.default_comm);
      comms_renamed_ = true;
    }
  }
}


RbRoot& Hists::output_root() {
  if (!root_) {
    prepare_entries();
    root_ = &collapse();
  }
  return *root_;
}

void Hists::link_group(const std::vector<Hists*>& members, bool add_missing) {
  members_ = members;
  if (opts_.hierarchy) return;  // linked level by level when the hierarchy is built
  RbRoot& root = output_root();
  bool collapsed = &root == &collapsed_;
  for (size_t m = 0; m < members_.size(); ++m) {
    if (!members_[m]) continue;
    Hists& other = *members_[m];
    RbRoot& theirs = other.output_root();
    std::vector<bool> paired(other.entries_.size());
    std::unordered_map<const HistEntry*, size_t> index;
    for (size_t i = 0; i < other.entries_.size(); ++i) index[other.entries_[i]] = i;
    // perf's hists__match: each of ours finds its equal among theirs.
    for (RbNode* n = rb_first(root); n; n = rb_next(n)) {
      HistEntry* e = n->item<HistEntry>();
      RbSlot slot = rb_find_slot(theirs, [&](RbNode* it) {
        return other.cmp(*it->item<HistEntry>(), e->key, e->filtered, true);
      });
      if (!slot.found) continue;
      const HistEntry* pair = slot.found->item<HistEntry>();
      e->set_pair(m, pair);
      paired[index[pair]] = true;
    }
    // perf's hists__link: theirs without an equal become empty entries of ours.
    if (!add_missing) continue;
    for (RbNode* n = rb_first(theirs); n; n = rb_next(n)) {
      const HistEntry* t = n->item<HistEntry>();
      if (paired[index[t]]) continue;
      RbSlot slot = rb_find_slot(root, [&](RbNode* it) { return cmp(*it->item<HistEntry>(), t->key, t->filtered, collapsed); });
      HistEntry* dummy = slot.found ? slot.found->item<HistEntry>() : nullptr;
      if (!dummy) {
        dummy = new_entry();
        dummy->chain.use_store(&chain_store());
        dummy->key = t->key;
        dummy->filtered = t->filtered;
        rb_insert_at(root, collapsed ? &dummy->rb_collapsed : &dummy->rb_in, slot.parent, slot.link);
        root_order_.clear();  // no longer the tree's order
      }
      dummy->set_pair(m, t);
    }
  }
}

std::vector<HistEntry*> Hists::sorted() {
  std::vector<HistEntry*> in = collapsed_entries();
  std::vector<HistEntry*> v;
  if (plain_sorted(in, v)) return v;
  // The output tree's nodes live here, not in the entries: it is built once, for this list.
  std::vector<RbNode> nodes(in.size());
  RbRoot out;
  for (size_t i = 0; i < in.size(); ++i) {
    HistEntry* e = in[i];
    nodes[i].owner = e;
    rb_insert(out, &nodes[i], [&](const RbNode* it) { return sort_cmp(*e, *it->item<HistEntry>()) > 0; });
  }
  v.reserve(in.size());
  for (RbNode* n = rb_first(out); n; n = rb_next(n)) v.push_back(n->item<HistEntry>());
  return v;
}

std::vector<HistEntry*> Hists::collapsed_entries() {
  // The entries in the output tree's insertion order: the tree's order.
  std::vector<HistEntry*> in;
  in.reserve(entries_.size());
  RbRoot& root = output_root();
  if (!root_order_.empty()) {
    in = root_order_;
  } else {
    for (RbNode* n = rb_first(root); n; n = rb_next(n)) in.push_back(n->item<HistEntry>());
  }
  // perf's --symbol-filter and --socket-filter hide entries after the collapse, which they do
  // not steer.
  for (HistEntry* e : in)
    if (!output_filter_keeps(e->key)) e->filtered = true;
  return in;
}

}  // namespace cperf
