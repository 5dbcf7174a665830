// ScriptTool and a --dlfilter: the sample as perf_dlfilter_sample, and the DlFilterHost
// callbacks (resolve_ip, resolve_address, attr) answered from the sample being filtered.
#include "script/script_tool.h"

namespace cperf {

namespace {

// perf's get_offset for dlfilter_al (the symbol's offset of a map address).
uint32_t dl_symoff(const Symbol& sym, const Map& map, uint64_t addr) {
  return static_cast<uint32_t>(addr < sym.end ? addr - sym.start : addr - map.start - sym.start);
}

}  // namespace

void ScriptTool::fill_al(const Map* map, uint64_t ip, bool kernel, dlfilter_abi::AddrLocation& al,
                         std::vector<uint8_t>& bid_store) {
  al = dlfilter_abi::AddrLocation{};
  al.size = sizeof(al);
  al.is_kernel_ip = kernel;
  al.addr = ip;
  if (!map) return;
  uint64_t addr = map->map_ip(ip);
  al.addr = addr;
  if (map->dso) {
    al.dso = map->dso->name.c_str();
    al.is_64_bit = 1;
    bid_store.clear();
    if (std::optional<BuildId> bid = symbols_.build_id_of(*map->dso)) {
      std::string hex = bid->to_hex();
      for (size_t i = 0; i + 1 < hex.size(); i += 2)
        bid_store.push_back(static_cast<uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
    }
    al.buildid_size = static_cast<uint32_t>(bid_store.size());
    al.buildid = bid_store.empty() ? nullptr : bid_store.data();
  }
  if (const Symbol* sym = symbols_.find(map, addr).sym) {
    al.sym = sym->name.c_str();
    al.symoff = dl_symoff(*sym, *map, addr);
    al.sym_start = sym->start;
    al.sym_end = sym->end;
    al.sym_binding = sym->binding;
  }
}

const dlfilter_abi::AddrLocation* ScriptTool::resolve_ip() {
  if (!dl_.thread) return nullptr;
  if (!dl_.ip_resolved) {
    fill_al(dl_.map, dl_.sample.ip, dl_.sample.cpumode == PERF_RECORD_MISC_KERNEL, dl_.ip_al,
            dl_.ip_bid);
    dl_.ip_al.comm = dl_.thread->comm_str().c_str();
    dl_.ip_al.filtered = dl_.filtered;
    dl_.ip_resolved = true;
  }
  return &dl_.ip_al;
}

bool ScriptTool::resolve_address(uint64_t address, dlfilter_abi::AddrLocation& al) {
  if (!dl_.thread) return false;
  const Map* map = find_map_fb(*dl_.thread, dl_.sample.cpumode, address);
  fill_al(map, address, address >> 63, al, dl_.addr_bid);
  return true;
}

perf_event_attr* ScriptTool::attr() { return dl_.attr; }

std::string_view ScriptTool::insn() {
  dl_.insn = fetch_insn(dl_.sample.ip, dl_.map, true);  // perf's dlfilter reads it natively too
  return {reinterpret_cast<const char*>(dl_.insn.bytes), static_cast<size_t>(dl_.insn.len)};
}

// Runs the filter on a sample; true when it drops the sample. A filter error ends the run.
bool ScriptTool::dlfilter_drops(const EventAttrEntry& e, const DecodedSample& ds, uint16_t misc,
                                const Thread& t, const Map* map, bool early) {
  if (!dlfilter_) return false;
  dlfilter_abi::Sample& s = dl_.sample;
  s = dlfilter_abi::Sample{};
  s.size = sizeof(s);
  s.ins_lat = ds.ins_lat;
  s.p_stage_cyc = ds.weight3;
  s.ip = ds.ip;
  s.pid = static_cast<int32_t>(ds.pid);
  s.tid = static_cast<int32_t>(ds.tid);
  s.time = ds.time;
  s.addr = ds.addr;
  s.id = ds.id;
  s.stream_id = ds.stream_id;
  s.period = ds.period;
  s.weight = ds.weight;
  s.transaction = ds.transaction;
  s.cpu = static_cast<int32_t>(ds.cpu);
  s.data_src = ds.data_src;
  s.phys_addr = ds.phys_addr;
  s.data_page_size = ds.data_page_size;
  s.code_page_size = ds.code_page_size;
  s.cgroup = ds.cgroup;
  s.cpumode = misc & PERF_RECORD_MISC_CPUMODE_MASK;
  s.misc = misc;
  s.raw_size = static_cast<uint32_t>(ds.raw.size());
  s.raw_data = ds.raw.empty() ? nullptr : ds.raw.data();
  s.brstack_nr = ds.branch_nr;
  s.brstack = ds.branch_nr ? reinterpret_cast<const perf_branch_entry*>(ds.branch_entries.data()) : nullptr;
  dl_.chain.clear();
  for (size_t i = 0; i < ds.callchain.size(); ++i) dl_.chain.push_back(ds.callchain[i]);
  s.raw_callchain_nr = dl_.chain.size();
  s.raw_callchain = dl_.chain.empty() ? nullptr : dl_.chain.data();
  s.event = e.name.c_str();
  dl_.attr_copy = e.attr;
  dl_.attr = &dl_.attr_copy;
  dl_.thread = &t;
  dl_.map = map;
  dl_.ip_resolved = false;
  dl_.filtered = false;
  DlFilter::Verdict v = dlfilter_->filter(s, *this, early);
  dl_.thread = nullptr;
  if (v == DlFilter::Verdict::kError) {
    if (error_.empty()) error_ = "dlfilter failed";
    exit_status_ = 255;
    return true;
  }
  return v == DlFilter::Verdict::kDrop;
}

}  // namespace cperf
