// Names of BTF types, read from a raw BTF blob (a HEADER_BPF_BTF entry) as libbpf's btf__new
// reads it: header, then the type section, then the string section.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/byte_reader.h"

namespace cperf {

class BtfNames {
 public:
  // Parses `blob` (host byte order). nullopt when libbpf would refuse it: bad magic or header,
  // sections out of bounds, an unknown type kind, a string section not NUL-framed.
  static std::optional<BtfNames> parse(Bytes blob);

  // The name of type `id` (1-based; 0 is void, named ""), nullopt past the last type.
  std::optional<std::string> type_name(uint32_t id) const;

 private:
  std::vector<uint32_t> name_offsets_;  // by type id - 1
  std::string strings_;
};

}  // namespace cperf
