#include "unwind/libunwind_unwinder.h"

// The remote (cross-address-space) interface for x86_64 targets: _Ux86_64_* in
// libunwind-x86_64.
#include <libunwind-x86_64.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "base/mapped_file.h"
#include "symbol/elf_file.h"
#include "unwind/user_regs.h"

// Exported by libunwind but not declared in its headers (perf declares it the same way).
extern "C" int _Ux86_64_dwarf_search_unwind_table(unw_addr_space_t as, unw_word_t ip,
                                                 unw_dyn_info_t* di, unw_proc_info_t* pi,
                                                 int need_unwind_info, void* arg);

namespace cperf {

namespace {

// What a find_proc_info used: the cache stays valid while the same map is still there.
struct UsedMap {
  uint64_t start, pgoff;
  const Dso* dso;
};

constexpr size_t kMaxCachedSpaces = 64;

// DWARF pointer encodings (the low nibble: the value's format) for the .eh_frame_hdr fields.
constexpr uint8_t kPeOmit = 0xff;

// perf's dw_read_encoded_value for the header's fields: reads one value of encoding `enc` at
// p (advancing it); false when it does not fit.
bool read_encoded(const std::byte*& p, const std::byte* end, uint8_t enc, uint64_t& v) {
  if (enc == kPeOmit) {
    v = 0;
    return true;
  }
  size_t size;
  bool is_signed = false;
  switch (enc & 0x0f) {
    case 0x00: size = 8; break;                    // absptr
    case 0x02: size = 2; break;                    // udata2
    case 0x03: size = 4; break;                    // udata4
    case 0x04: size = 8; break;                    // udata8
    case 0x0a: size = 2; is_signed = true; break;  // sdata2
    case 0x0b: size = 4; is_signed = true; break;  // sdata4
    case 0x0c: size = 8; is_signed = true; break;  // sdata8
    default: return false;
  }
  if (end - p < static_cast<std::ptrdiff_t>(size)) return false;
  uint64_t raw = 0;
  std::memcpy(&raw, p, size);
  if (is_signed && size < 8 && (raw >> (size * 8 - 1)) & 1) raw |= ~uint64_t{0} << (size * 8);
  v = raw;
  p += size;
  return true;
}

}  // namespace

struct LibunwindUnwinder::Space {
  unw_addr_space_t as = nullptr;
  std::vector<UsedMap> used;
  ~Space() {
    if (as) unw_destroy_addr_space(as);
  }
};

namespace {

// The unwind in progress, handed to every accessor as libunwind's `arg`.
struct Walk {
  LibunwindUnwinder* self;
  LibunwindUnwinder::Space* space;
  UnwindMemory::Sample sample;
};

const Map* find_map(const Walk& w, uint64_t addr) {
  return w.sample.thread->maps ? w.sample.thread->maps->find(addr) : nullptr;
}

int find_proc_info(unw_addr_space_t as, unw_word_t ip, unw_proc_info_t* pi, int need_unwind_info,
                   void* arg) {
  auto& w = *static_cast<Walk*>(arg);
  const Map* map = find_map(w, ip);
  if (!map || !map->dso) return -EINVAL;
  // Noted once per map: the cache check before each unwind walks this list.
  std::vector<UsedMap>& used = w.space->used;
  if (std::none_of(used.begin(), used.end(), [&](const UsedMap& u) {
        return u.start == map->start && u.pgoff == map->pgoff && u.dso == map->dso;
      }))
    used.push_back({map->start, map->pgoff, map->dso});
  const LibunwindUnwinder::EhFrameHdr& hdr = w.self->eh_frame_hdr(*map->dso);
  if (!hdr.found) return -EINVAL;
  // perf places the table at map.start - map.pgoff + its file offset.
  const uint64_t base = map->start - map->pgoff;
  unw_dyn_info_t di;
  std::memset(&di, 0, sizeof(di));
  di.format = UNW_INFO_FORMAT_REMOTE_TABLE;
  di.start_ip = map->start;
  di.end_ip = map->end;
  di.u.rti.segbase = base + hdr.segbase;
  di.u.rti.table_data = base + hdr.table;
  // Each entry is two 4-byte values; the length is counted in words.
  di.u.rti.table_len = hdr.fde_count * 8 / sizeof(unw_word_t);
  return _Ux86_64_dwarf_search_unwind_table(as, ip, &di, pi, need_unwind_info, arg);
}

void put_unwind_info(unw_addr_space_t, unw_proc_info_t*, void*) {}

int get_dyn_info_list_addr(unw_addr_space_t, unw_word_t*, void*) { return -UNW_ENOINFO; }

// perf's access_mem: the stack copy, else the dso's file; with a map whose file cannot give
// the word, perf returns 1 (libunwind reads that as success) with a zero value.
int access_mem(unw_addr_space_t, unw_word_t addr, unw_word_t* valp, int write, void* arg) {
  auto& w = *static_cast<Walk*>(arg);
  *valp = 0;
  if (write) return 0;
  uint64_t v = 0;
  if (w.self->memory().read_word(w.sample, addr, v, true)) {
    *valp = v;
    return 0;
  }
  const Map* map = find_map(w, addr);
  return map && map->dso ? 1 : -1;
}

// perf's access_reg: the sample's registers, by the architecture's numbering.
int access_reg(unw_addr_space_t, unw_regnum_t regnum, unw_word_t* valp, int write, void* arg) {
  auto& w = *static_cast<Walk*>(arg);
  if (write) return 0;
  int reg = x86_64_perf_regnum(regnum);
  if (reg < 0) return -EINVAL;
  auto v = perf_reg_value(*w.sample.regs, reg);
  if (!v) return -ENOENT;
  *valp = *v;
  return 0;
}

int access_fpreg(unw_addr_space_t, unw_regnum_t, unw_fpreg_t*, int, void*) { return -UNW_EINVAL; }

int resume(unw_addr_space_t, unw_cursor_t*, void*) { return -UNW_EINVAL; }

int get_proc_name(unw_addr_space_t, unw_word_t, char*, size_t, unw_word_t*, void*) {
  return -UNW_EINVAL;
}

unw_accessors_t kAccessors = {
    find_proc_info, put_unwind_info, get_dyn_info_list_addr, access_mem,
    access_reg,     access_fpreg,    resume,                 get_proc_name,
};

}  // namespace

LibunwindUnwinder::LibunwindUnwinder(const SymbolOptions& opts) : memory_(opts) {}

LibunwindUnwinder::~LibunwindUnwinder() = default;

const LibunwindUnwinder::EhFrameHdr& LibunwindUnwinder::eh_frame_hdr(const Dso& dso) {
  auto it = eh_frame_hdrs_.find(&dso);
  if (it != eh_frame_hdrs_.end()) return it->second;
  EhFrameHdr hdr;
  const MappedFile* file = memory_.file_of(dso);
  std::unique_ptr<ElfFile> elf;
  for (const std::string& path : memory_.file_candidates(dso))
    if ((elf = ElfFile::open(path))) break;
  std::optional<ElfFile::Section> sec = elf ? elf->section_by_name(".eh_frame_hdr") : std::nullopt;
  if (file && sec && sec->shdr.sh_offset != 0 && sec->shdr.sh_offset < file->bytes().size()) {
    // version, eh_frame_ptr_enc, fde_count_enc, table_enc, then the encoded values.
    Bytes bytes = file->bytes().subspan(sec->shdr.sh_offset);
    const std::byte* p = bytes.data() + 4;
    const std::byte* end = bytes.data() + bytes.size();
    uint64_t eh_frame_ptr = 0, count = 0;
    if (bytes.size() >= 4 && read_encoded(p, end, static_cast<uint8_t>(bytes[1]), eh_frame_ptr) &&
        read_encoded(p, end, static_cast<uint8_t>(bytes[2]), count)) {
      hdr.found = true;
      hdr.segbase = sec->shdr.sh_offset;
      hdr.table = sec->shdr.sh_offset + static_cast<uint64_t>(p - bytes.data());
      hdr.fde_count = count;
    }
  }
  return eh_frame_hdrs_.emplace(&dso, hdr).first->second;
}

LibunwindUnwinder::Space& LibunwindUnwinder::space_for(const Thread& t) {
  auto& slot = spaces_[t.maps.get()];
  if (!slot) {
    if (spaces_.size() > kMaxCachedSpaces) {
      spaces_.clear();
      return space_for(t);
    }
    slot = std::make_unique<Space>();
    slot->as = unw_create_addr_space(&kAccessors, 0);
    if (slot->as) unw_set_caching_policy(slot->as, UNW_CACHE_GLOBAL);
    return *slot;
  }
  // What libunwind cached is only good while the maps it came from are unchanged.
  for (const UsedMap& m : slot->used) {
    const Map* map = t.maps->find(m.start);
    if (!map || map->start != m.start || map->pgoff != m.pgoff || map->dso != m.dso) {
      if (slot->as) unw_flush_cache(slot->as, 0, 0);
      slot->used.clear();
      break;
    }
  }
  return *slot;
}

void LibunwindUnwinder::unwind(const Thread& t, const RegsDump& regs, Bytes stack, bool swap,
                               int max_stack, std::vector<UnwoundFrame>& out) {
  if (max_stack <= 0 || !t.maps || regs.abi != PERF_SAMPLE_REGS_ABI_64) return;
  auto ip = perf_reg_value(regs, kPerfRegX86Ip);
  if (!ip) return;
  std::vector<uint64_t> ips{*ip};
  if (max_stack > 1) {
    Space& space = space_for(t);
    if (!space.as) return;
    Walk w{this, &space, {&t, &regs, stack, swap}};
    unw_cursor_t c;
    // perf keeps nothing, not even the sampled IP, when the cursor cannot be set up.
    if (unw_init_remote(&c, space.as, &w) != 0) return;
    while (static_cast<int>(ips.size()) < max_stack && unw_step(&c) > 0) {
      unw_word_t pc = 0;
      unw_get_reg(&c, UNW_REG_IP, &pc);
      // Into the call instruction, as libdw's "not an activation" (perf's comment).
      if (unw_is_signal_frame(&c) <= 0) --pc;
      ips.push_back(pc);
    }
  }
  for (uint64_t pc : ips)
    if (pc) out.push_back({pc, t.maps->find(pc)});
}

}  // namespace cperf
