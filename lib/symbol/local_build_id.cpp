#include "symbol/local_build_id.h"

#include <elf.h>
#include <sys/auxv.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>

#include "symbol/elf_file.h"

namespace cperf {

std::vector<uint8_t> notes_build_id(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::vector<char> d((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  size_t p = 0;
  while (p + 12 <= d.size()) {
    uint32_t namesz, descsz, type;
    std::memcpy(&namesz, &d[p], 4);
    std::memcpy(&descsz, &d[p + 4], 4);
    std::memcpy(&type, &d[p + 8], 4);
    size_t name_at = p + 12, desc_at = name_at + (size_t{namesz} + 3) / 4 * 4;
    if (desc_at > d.size() || descsz > d.size() - desc_at) break;
    if (type == 3 && namesz == 4 && std::memcmp(&d[name_at], "GNU", 4) == 0)
      return std::vector<uint8_t>(d.begin() + static_cast<ptrdiff_t>(desc_at),
                                  d.begin() + static_cast<ptrdiff_t>(desc_at + descsz));
    p = desc_at + (size_t{descsz} + 3) / 4 * 4;
  }
  return {};
}

namespace {
// The GNU build id in a notes blob in memory.
std::vector<uint8_t> build_id_in_notes(const unsigned char* d, size_t size) {
  size_t p = 0;
  while (p + 12 <= size) {
    uint32_t namesz, descsz, type;
    std::memcpy(&namesz, d + p, 4);
    std::memcpy(&descsz, d + p + 4, 4);
    std::memcpy(&type, d + p + 8, 4);
    size_t name_at = p + 12, desc_at = name_at + (size_t{namesz} + 3) / 4 * 4;
    if (desc_at > size || descsz > size - desc_at) break;
    if (type == 3 && namesz == 4 && std::memcmp(d + name_at, "GNU", 4) == 0)
      return std::vector<uint8_t>(d + desc_at, d + desc_at + descsz);
    p = desc_at + (size_t{descsz} + 3) / 4 * 4;
  }
  return {};
}
}  // namespace

std::vector<uint8_t> vdso_build_id() {
  auto base = reinterpret_cast<const unsigned char*>(getauxval(AT_SYSINFO_EHDR));
  if (!base) return {};
  Elf64_Ehdr eh;
  std::memcpy(&eh, base, sizeof eh);
  if (std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_ident[EI_CLASS] != ELFCLASS64) return {};
  for (unsigned i = 0; i < eh.e_phnum; ++i) {
    Elf64_Phdr ph;
    std::memcpy(&ph, base + eh.e_phoff + size_t{i} * eh.e_phentsize, sizeof ph);
    if (ph.p_type != PT_NOTE) continue;
    std::vector<uint8_t> id = build_id_in_notes(base + ph.p_offset, ph.p_filesz);
    if (!id.empty()) return id;
  }
  return {};
}

std::vector<uint8_t> local_build_id(bool kernel, const std::string& name) {
  if (kernel && name == "[kernel.kallsyms]") return notes_build_id("/sys/kernel/notes");
  if (!kernel && name == "[vdso]") return vdso_build_id();
  if (name.empty() || name[0] != '/') return {};
  if (kernel) {
    // /lib/modules/.../foo-bar.ko -> /sys/module/foo_bar
    std::string mod = name.substr(name.rfind('/') + 1);
    mod = mod.substr(0, mod.find('.'));
    std::replace(mod.begin(), mod.end(), '-', '_');
    return notes_build_id("/sys/module/" + mod + "/notes/.note.gnu.build-id");
  }
  if (auto id = read_build_id(name)) return {id->bytes().begin(), id->bytes().end()};
  return {};
}

}  // namespace cperf
