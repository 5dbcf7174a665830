#include "symbol/local_build_id.h"

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

std::vector<uint8_t> local_build_id(bool kernel, const std::string& name) {
  if (kernel && name == "[kernel.kallsyms]") return notes_build_id("/sys/kernel/notes");
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
