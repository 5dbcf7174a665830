// MappedFile: a read-only mmap of a whole file (RAII). Spans into it live as long as it does.
#pragma once
#include <cstddef>
#include <span>
#include <string>

namespace cperf {

class MappedFile {
 public:
  MappedFile() = default;
  // kPopulate maps every page at once (one system call rather than a page fault per few
  // pages), for a file that is read whole right away.
  enum Mode { kOnDemand, kPopulate };
  // Throws InputError naming the path on failure. An empty file maps to an empty span.
  explicit MappedFile(const std::string& path, Mode mode = kOnDemand);
  MappedFile(MappedFile&& o) noexcept;
  MappedFile& operator=(MappedFile&& o) noexcept;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  std::span<const std::byte> bytes() const { return {data_, size_}; }

 private:
  void reset();
  const std::byte* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace cperf
