#include "unwind/unwind_memory.h"

#include <sys/stat.h>

#include <cstring>

#include "base/mapped_file.h"
#include "symbol/dso_locator.h"
#include "unwind/user_regs.h"

namespace cperf {

namespace {
bool is_regular_file(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}
}  // namespace

UnwindMemory::UnwindMemory(const SymbolOptions& opts)
    : locator_(std::make_unique<DsoLocator>(opts)) {}

UnwindMemory::~UnwindMemory() = default;

std::vector<std::string> UnwindMemory::file_candidates(const Dso& dso) const {
  std::vector<std::string> out;
  std::string path = locator_->join_symfs(dso.long_name);
  // perf skips what is not a regular file (device files, "[vdso]").
  if (is_regular_file(path)) out.push_back(path);
  if (dso.build_id.size() > 2) {
    // perf's dso__build_id_filename: the cache link itself (old layout) or its "elf".
    std::string link = locator_->buildid_dir() + "/.build-id/" + dso.build_id.substr(0, 2) + "/" +
                       dso.build_id.substr(2);
    out.push_back(is_regular_file(link) ? link : link + "/elf");
  }
  return out;
}

const MappedFile* UnwindMemory::file_of(const Dso& dso) {
  auto it = files_.find(&dso);
  if (it != files_.end()) return it->second.get();
  std::unique_ptr<MappedFile> file;
  for (const std::string& path : file_candidates(dso)) {
    if (!is_regular_file(path)) continue;
    try {
      file = std::make_unique<MappedFile>(path);
      break;
    } catch (const std::exception&) {
    }
  }
  return files_.emplace(&dso, std::move(file)).first->second.get();
}

bool UnwindMemory::read_word(const Sample& s, uint64_t addr, uint64_t& value,
                             bool stack_end_exclusive) {
  auto sp = perf_reg_value(*s.regs, kPerfRegX86Sp);
  if (!sp) return false;
  return read_stack_word(s, *sp, addr, value, stack_end_exclusive) || read_file_word(s, addr, value);
}

bool UnwindMemory::read_stack_word(const Sample& s, uint64_t sp, uint64_t addr, uint64_t& value,
                                   bool stack_end_exclusive) {
  uint64_t end = sp + s.stack.size();
  if (addr + 8 < addr || addr < sp || end < sp) return false;
  if (stack_end_exclusive ? addr + 8 >= end : addr + 8 > end) return false;
  std::memcpy(&value, s.stack.data() + (addr - sp), 8);
  if (s.swap) value = bswap64(value);
  return true;
}

bool UnwindMemory::read_file_word(const Sample& s, uint64_t addr, uint64_t& value) {
  if (addr + 8 < addr) return false;
  const Map* map = s.thread->maps ? s.thread->maps->find(addr) : nullptr;
  if (!map || !map->dso) return false;
  const MappedFile* file = file_of(*map->dso);
  if (!file) return false;
  uint64_t off = map->map_ip(addr);
  Bytes bytes = file->bytes();
  if (off > bytes.size() || bytes.size() - off < 8) return false;
  std::memcpy(&value, bytes.data() + off, 8);
  return true;
}

}  // namespace cperf
