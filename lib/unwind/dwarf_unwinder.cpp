#include "unwind/dwarf_unwinder.h"

#include <elf.h>
#include <elfutils/libdwfl.h>

#include <cstdlib>
#include <cstring>

#include "symbol/dso_locator.h"
#include "unwind/dwarf_unwinder_state.h"
#include "unwind/user_regs.h"

namespace cperf {

namespace {

// More address spaces than this and the cache starts over (bounds memory on system-wide files).
constexpr size_t kMaxCachedSpaces = 64;

}  // namespace

namespace {

// perf's __find_debuginfo: the file perf took the symbols from, when it is another file.
int find_debuginfo(Dwfl_Module*, void** userdata, const char*, Dwarf_Addr, const char* file_name,
                   const char*, GElf_Word, char** debuginfo_file_name) {
  auto* entry = static_cast<std::pair<DwarfUnwinder*, const Dso*>*>(*userdata);
  if (!entry) return -1;
  const std::string* symsrc = entry->first->debuginfo_of(entry->second);
  if (symsrc && !symsrc->empty() && *symsrc != file_name)
    *debuginfo_file_name = strdup(symsrc->c_str());
  return -1;
}

const Dwfl_Callbacks kOfflineCallbacks = {
    nullptr,  // find_elf: modules come from dwfl_report_elf
    find_debuginfo,
    dwfl_offline_section_address,
    nullptr,  // debuginfo_path: only libdwfl's standard find_debuginfo reads it
};

pid_t next_thread(Dwfl* dwfl, void* dwfl_arg, void** thread_argp) {
  if (*thread_argp) return 0;  // one thread only
  *thread_argp = dwfl_arg;
  return dwfl_pid(dwfl);
}

bool get_thread(Dwfl*, pid_t, void* dwfl_arg, void** thread_argp) {
  *thread_argp = dwfl_arg;
  return true;
}

bool memory_read(Dwfl*, Dwarf_Addr addr, Dwarf_Word* result, void* dwfl_arg) {
  auto* space = static_cast<DwarfUnwinder::AddressSpace*>(dwfl_arg);
  if (!space->walk) return false;
  uint64_t v = 0;
  if (!space->walk->self->read_word(*space->walk, addr, v)) return false;
  *result = v;
  return true;
}

bool set_initial_registers(Dwfl_Thread* thread, void* thread_arg) {
  auto* space = static_cast<DwarfUnwinder::AddressSpace*>(thread_arg);
  if (!space->walk) return false;
  const RegsDump& regs = *space->walk->regs;
  X86DwarfRegs dwarf = x86_64_dwarf_regs(regs);
  if (auto ip = perf_reg_value(regs, kPerfRegX86Ip)) dwfl_thread_state_register_pc(thread, *ip);
  if (dwarf.max_reg < 0) return false;
  Dwarf_Word values[X86DwarfRegs::kCount];
  for (int r = 0; r < X86DwarfRegs::kCount; ++r) values[r] = dwarf.value[r];
  return dwfl_thread_state_registers(thread, 0, static_cast<unsigned>(dwarf.max_reg + 1), values);
}

const Dwfl_Thread_Callbacks kThreadCallbacks = {
    next_thread, get_thread, memory_read, set_initial_registers, nullptr, nullptr,
};

// perf's frame_callback: report the module (libdw needs it to tell whether the frame is an
// activation), step the pc back into the call instruction unless it is one, and record it.
int frame_callback(Dwfl_Frame* state, void* arg) {
  auto& w = *static_cast<DwarfUnwinder::Walk*>(arg);
  Dwarf_Addr pc;
  if (!dwfl_frame_pc(state, &pc, nullptr)) return DWARF_CB_ABORT;
  const Map* map = nullptr;
  w.self->report_module(w, pc, &map);
  bool activation = false;
  if (!dwfl_frame_pc(state, &pc, &activation)) return DWARF_CB_ABORT;
  if (!activation) --pc;
  --w.max_stack_left;
  w.entries.push_back({});
  if (!w.self->report_module(w, pc, &map)) return DWARF_CB_ABORT;
  w.entries.back() = {pc, map};
  return w.max_stack_left > 0 ? DWARF_CB_OK : DWARF_CB_ABORT;
}

}  // namespace

DwarfUnwinder::DwarfUnwinder(const SymbolOptions& opts) : memory_(opts) {
  if (const char* check = std::getenv("CPERF_UNWIND_CHECK"); check && std::strcmp(check, "1") == 0)
    check_ = std::make_unique<UnwindCheck>();
}

DwarfUnwinder::~DwarfUnwinder() = default;

const std::string* DwarfUnwinder::debuginfo_of(const Dso* dso) {
  if (!dso) return nullptr;
  auto it = debuginfo_.find(dso);
  if (it == debuginfo_.end()) {
    LocatedDso found = memory_.locator().locate(dso->long_name, BuildId::from_hex(dso->build_id));
    // libdw reads a separate debug file only for its .debug_frame; without one it would
    // decompress the file's DWARF in every address space for nothing (the rules come from the
    // binary's .eh_frame either way).
    bool has_cfi = false;
    if (found.syms) {
      auto frame = found.syms->section_by_name(".debug_frame");
      has_cfi = frame && frame->shdr.sh_type != SHT_NOBITS;
    }
    it = debuginfo_.emplace(dso, has_cfi ? found.syms->path() : std::string()).first;
  }
  return &it->second;
}

DwarfUnwinder::AddressSpace& DwarfUnwinder::address_space(const Thread& t) {
  auto& slot = spaces_[t.maps.get()];
  // Reuse the Dwfl only while every module in it still matches the map it was reported for.
  if (slot) {
    for (const ReportedModule& m : slot->modules) {
      const Map* map = t.maps->find(m.map_start);
      if (!map || map->start != m.map_start || map->pgoff != m.pgoff || map->dso != m.dso) {
        slot.reset();
        break;
      }
    }
  }
  if (!slot) {
    if (spaces_.size() > kMaxCachedSpaces) {
      spaces_.clear();
      return address_space(t);
    }
    slot = std::make_unique<AddressSpace>();
    slot->dwfl = dwfl_begin(&kOfflineCallbacks);
  }
  return *slot;
}

bool DwarfUnwinder::report_module(Walk& w, uint64_t ip, const Map** map_out) {
  const Map* map = w.thread->maps ? w.thread->maps->find(ip) : nullptr;
  *map_out = map;
  if (!map || !map->dso) return true;  // as perf: nothing to report, not a failure
  const Dso& dso = *map->dso;
  Dwfl* dwfl = w.space->dwfl;
  // JIT dumps map only their code, without ELF headers.
  uint64_t base =
      dso.long_name.rfind("/tmp/jitted-", 0) == 0 ? map->start : map->start - map->pgoff;
  Dwfl_Module* mod = dwfl_addrmodule(dwfl, ip);
  if (mod) {
    Dwarf_Addr start = 0;
    dwfl_module_info(mod, nullptr, &start, nullptr, nullptr, nullptr, nullptr, nullptr);
    if (start != base) mod = nullptr;
  }
  if (!mod) {
    for (const std::string& path : memory_.file_candidates(dso)) {
      mod = dwfl_report_elf(dwfl, dso.short_name.c_str(), path.c_str(), -1, base, false);
      if (mod) break;
    }
    if (mod) {
      w.space->modules.push_back({map->start, map->pgoff, &dso});
      void** userdata = nullptr;
      dwfl_module_info(mod, &userdata, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr);
      // The module's userdata names its dso for find_debuginfo; it lives as long as the Dwfl.
      auto* entry = new std::pair<DwarfUnwinder*, const Dso*>(this, &dso);
      w.space->owned_userdata.emplace_back(entry);
      *userdata = entry;
    }
  }
  return mod && dwfl_addrmodule(dwfl, ip) == mod;
}

bool DwarfUnwinder::read_word(Walk& w, uint64_t addr, uint64_t& value) {
  // UnwindMemory::read_word without looking SP up again.
  UnwindMemory::Sample s{w.thread, w.regs, w.stack, w.swap};
  return UnwindMemory::read_stack_word(s, w.sp, addr, value) || memory_.read_file_word(s, addr, value);
}

void DwarfUnwinder::unwind(const Thread& t, const RegsDump& regs, Bytes stack, bool swap,
                           int max_stack, std::vector<UnwoundFrame>& out) {
  if (max_stack <= 0 || !t.maps || regs.abi != PERF_SAMPLE_REGS_ABI_64) return;
  auto ip = perf_reg_value(regs, kPerfRegX86Ip);
  auto sp = perf_reg_value(regs, kPerfRegX86Sp);
  if (!ip || !sp) return;
  AddressSpace& space = address_space(t);
  if (!space.dwfl) return;
  Walk w{this, &space, &t, &regs, stack, swap, max_stack, {}, *sp};
  space.walk = &w;
  size_t first = out.size();
  if (unwind_fast(w, x86_64_dwarf_regs(regs), max_stack, out)) {
    if (check_) {
      Walk again{this, &space, &t, &regs, stack, swap, max_stack, {}, *sp};
      space.walk = &again;
      check_frames_.clear();
      unwind_with_libdw(again, max_stack, check_frames_);
      check_->compare(t.tid, *ip, {out.begin() + static_cast<ptrdiff_t>(first), out.end()},
                      check_frames_);
    }
  } else {
    unwind_with_libdw(w, max_stack, out);
    if (check_) check_->count_libdw(out.size() - first);
  }
  space.walk = nullptr;
}

void DwarfUnwinder::unwind_with_libdw(Walk& w, int max_stack, std::vector<UnwoundFrame>& out) {
  const Thread& t = *w.thread;
  AddressSpace& space = *w.space;
  const Map* map = nullptr;
  bool ok = report_module(w, perf_reg_value(*w.regs, kPerfRegX86Ip).value_or(0), &map);
  if (ok && !space.attached)
    space.attached = dwfl_attach_state(space.dwfl, nullptr, t.pid > 0 ? t.pid : 1, &kThreadCallbacks,
                                       &space);
  if (ok && space.attached) {
    int err = dwfl_getthread_frames(space.dwfl, t.tid > 0 ? t.tid : 1, frame_callback, &w);
    // An error after at least one frame keeps what was found (perf's rule).
    if (err == 0 || w.max_stack_left != max_stack)
      for (const UnwoundFrame& f : w.entries)
        if (f.ip) out.push_back(f);
  }
}

}  // namespace cperf
