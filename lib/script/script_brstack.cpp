// perf script's branch stack fields: -F brstack ("0xfrom/0xto/flags") and -F brstacksym
// ("sym+off/sym+off/flags"), each entry followed by a space, brstack's with a space before too.
#include <elf.h>

#include "format/branch_flags.h"
#include "symbol/elf_machine.h"
#include "script/script_tool.h"

namespace cperf {

// perf's thread__find_map_fb: the sample's cpumode first, then the mode the address itself
// belongs to (kernel addresses have the top bit set on 64-bit hosts).
const Map* ScriptTool::find_map_fb(const Thread& t, uint8_t cpumode, uint64_t addr) {
  auto find = [&](uint8_t mode) -> const Map* {
    return mode == PERF_RECORD_MISC_KERNEL ? kernel_maps_.find(addr)
                                           : machine_.find_map(t, mode, addr);
  };
  if (const Map* m = find(cpumode)) return m;
  uint8_t addr_mode = addr >> 63 ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER;
  return addr_mode == cpumode ? nullptr : find(addr_mode);
}

namespace {

// "/M/X/A/cycles/TYPE/SPEC " as perf's print_bstack_flags.
void put_flags(TextLine& out, const BranchFlags& f) {
  char pred = f.predicted ? 'P' : f.mispred ? 'M' : '-';
  out.put('/').put(pred).put('/').put(f.in_tx ? 'X' : '-').put('/').put(f.abort ? 'A' : '-');
  out.put('/').dec(f.cycles).put('/').put(branch_type_text(f)).put('/');
  out.put(f.spec ? branch_spec_text(f.spec) : "-").put(' ');
}

}  // namespace

void ScriptTool::print_brstack(TextLine& out, const Thread& t, uint8_t cpumode,
                               const DecodedSample& ds, int type, bool swap) {
  // perf prints brstack, else brstacksym, else brstackoff.
  enum { kAddr, kSym, kOff } form = fields_.has(type, kFieldBrstack)      ? kAddr
                                    : fields_.has(type, kFieldBrstackSym) ? kSym
                                                                         : kOff;
  bool dso = fields_.has(type, kFieldDso);
  bool dsoff = fields_.has(type, kFieldDsoff);
  auto put_end = [&](uint64_t addr) {
    const Map* map = (form != kAddr || dso) ? find_map_fb(t, cpumode, addr) : nullptr;
    if (form == kSym) {
      const Symbol* s = map ? symbols_.find(map, map->map_ip(addr)).sym : nullptr;
      if (s) out.put(s->name).put("+0x").hex(map->map_ip(addr) - s->start);
      else out.put("[unknown]");
    } else {
      uint64_t shown = addr;
      // brstackoff: an address in a file whose symbols are not at their load addresses
      // (PIE, shared library) is shown as its offset in the map.
      // The kernel's are offsets from the start of its map.
      if (form == kOff && map && map->dso && map->dso->kernel) {
        shown = addr - map->start;
      } else if (form == kOff && map && map->dso) {
        // perf learns that an executable's symbols are at their load addresses when it
        // loads the file's symbols (some lookup before this one); until then, offsets.
        bool loaded = symbols_.loaded_e_machine(map->dso) != 0;
        uint16_t et = loaded ? read_elf_type(opts_.symfs + map->dso->long_name) : 0;
        if (et != ET_EXEC && et != ET_REL) shown = map->map_ip(addr);
      }
      out.put("0x").hex(shown);
    }
    if (dso) put_dso(out, map, dsoff, map ? map->map_ip(addr) : addr);
  };
  ByteReader r(ds.branch_entries, swap);
  for (uint64_t i = 0; i < ds.branch_nr; ++i) {
    uint64_t from = r.u64(), to = r.u64();
    BranchFlags f = decode_branch_flags(r.u64());
    if (form != kSym) out.put(' ');
    put_end(from);
    out.put('/');
    put_end(to);
    put_flags(out, f);
  }
}

}  // namespace cperf
