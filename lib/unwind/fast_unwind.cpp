// DwarfUnwinder's fast path: libdw's walk (libdwfl/dwfl_frame.c, frame_unwind.c of elfutils
// 0.188, with perf's frame callback) replayed from cached CFI rows. What it relies on:
//  - frame 0 is the sampled IP (an activation: looked up as is); every later frame's pc is
//    the return address minus one (libdw's "not an activation": no signal frames here), and
//    the CFI row is the one at that pc; libdw tries the module's .eh_frame first;
//  - a frame is reported when report_module succeeds for its pc (no dso: reported, unresolved);
//    a dso without a file ends the walk before the frame;
//  - registers without a rule take x86_64's ABI defaults (they come with libdw's answers);
//    a rule that cannot be evaluated (its register unset, a failed read) leaves the register
//    unset; the walk ends when the return address is undefined, unset or 0;
//  - at most max_stack frames.
// Anything else goes to libdw for the whole sample: no module or no FDE at a pc (libdw's
// frame-pointer fallback, .debug_frame), a row that is not simple, a pc whose module is not
// the one at pc - 1.
#include <elfutils/libdwfl.h>

#include "unwind/dwarf_unwinder.h"
#include "unwind/dwarf_unwinder_state.h"

namespace cperf {

namespace {

// The registers of one frame: values and which of them are set (bit r: DWARF register r).
struct FrameRegs {
  uint64_t value[CfiRow::kRegs] = {};
  uint32_t set = 0;
  bool has(int r) const { return set & (1u << r); }
  void put(int r, uint64_t v) {
    value[r] = v;
    set |= 1u << r;
  }
};

// The map holding addr, remembering the last one (a walk stays in a few maps).
class MapCursor {
 public:
  explicit MapCursor(const MapSet& maps) : maps_(maps) {}
  const Map* find(uint64_t addr) {
    if (last_ && addr >= last_->start && addr < last_->end) return last_;
    const Map* m = maps_.find(addr);
    if (m) last_ = m;
    return m;
  }

 private:
  const MapSet& maps_;
  const Map* last_ = nullptr;
};

}  // namespace

CfiRules& DwarfUnwinder::cfi_rules_of(const Dso* dso) {
  auto& slot = cfi_rules_[dso];
  if (!slot) slot = std::make_unique<CfiRules>();
  return *slot;
}

const DwarfUnwinder::ModuleInfo* DwarfUnwinder::module_info(Walk& w, const Map& map, uint64_t ip) {
  auto [it, fresh] = w.space->module_infos.try_emplace(&map);
  ModuleInfo& info = it->second;
  if (!fresh && info.made_for(map)) return &info;
  info = ModuleInfo{};
  info.map_start = map.start, info.map_end = map.end, info.map_pgoff = map.pgoff;
  info.dso = map.dso;
  const Map* found = nullptr;
  bool reported = report_module(w, ip, &found);
  Dwfl_Module* mod = dwfl_addrmodule(w.space->dwfl, ip);
  if (!reported) {
    // Only "there is no file at all" is certain to fail on every address of the map.
    if (mod || memory_.file_of(*map.dso)) {
      w.space->module_infos.erase(it);
      return nullptr;
    }
    return &info;
  }
  info.readable = true;
  Dwarf_Addr low = 0, high = 0;
  dwfl_module_info(mod, nullptr, &low, &high, nullptr, nullptr, nullptr, nullptr);
  info.low = low, info.high = high;
  Dwarf_Addr bias = 0;
  info.cfi = dwfl_module_eh_cfi(mod, &bias);
  info.bias = bias;
  info.rules = &cfi_rules_of(map.dso);
  return &info;
}

bool DwarfUnwinder::unwind_fast(Walk& w, const X86DwarfRegs& start, int max_stack,
                                std::vector<UnwoundFrame>& out) {
  if (start.max_reg < 0) return false;
  const size_t first = out.size();
  auto give_up = [&] {
    out.resize(first);
    return false;
  };
  FrameRegs regs;
  for (int r = 0; r <= start.max_reg; ++r) regs.put(r, start.value[r]);
  MapCursor maps(*w.thread->maps);
  uint64_t pc = perf_reg_value(*w.regs, kPerfRegX86Ip).value_or(0);
  int left = max_stack;
  const Map* last_map = nullptr;
  const ModuleInfo* last_mod = nullptr;
  for (bool initial = true;; initial = false) {
    uint64_t at = initial ? pc : pc - 1;
    const Map* map = maps.find(at);
    // perf's callback reports the module at the return address first; libdw then looks the
    // row up in the module it finds at pc - 1: the same one only inside one map.
    if (!initial && maps.find(pc) != map) return give_up();
    const ModuleInfo* mod = nullptr;
    if (map && map->dso) {
      // Frames come in runs from one map: ask the address space's cache once per run.
      if (map != last_map) {
        last_mod = module_info(w, *map, at);
        last_map = map;
      }
      mod = last_mod;
      if (!mod) return give_up();
      if (!mod->readable) break;
      if (at < mod->low || at >= mod->high) return give_up();
    }
    out.push_back({at, map});
    if (--left == 0) break;
    if (!mod || !mod->cfi) return give_up();
    const CfiRow* row = mod->rules->find(mod->cfi, at - mod->bias);
    if (!row || !row->simple) return give_up();

    // libdw's handle_cfi for the 17 registers.
    bool cfa_ok = regs.has(row->cfa_reg);
    uint64_t cfa = cfa_ok ? regs.value[row->cfa_reg] + row->cfa_offset : 0;
    FrameRegs next;
    for (int r = 0; r < CfiRow::kRegs; ++r) {
      const RegRule& rule = row->regs[r];
      uint64_t v;
      switch (rule.kind) {
        case RegRule::kUndefined: break;
        case RegRule::kSameValue:
          if (regs.has(r)) next.put(r, regs.value[r]);
          break;
        case RegRule::kRegister:
          if (regs.has(rule.reg)) next.put(r, regs.value[rule.reg]);
          break;
        case RegRule::kCfaPlus:
          if (cfa_ok) next.put(r, cfa + rule.offset);
          break;
        case RegRule::kAtCfa:
          if (cfa_ok && read_word(w, cfa + rule.offset, v)) next.put(r, v);
          break;
      }
    }
    constexpr int kRa = CfiRow::kReturnAddress;
    if (row->regs[kRa].kind == RegRule::kUndefined || !next.has(kRa) || next.value[kRa] == 0)
      break;
    pc = next.value[kRa];
    regs = next;
  }
  return true;
}

}  // namespace cperf
