#include "header/btf_names.h"

namespace cperf {

namespace {

constexpr uint16_t kBtfMagic = 0xEB9F;

// Bytes that follow a type's 12-byte common part, by kind (BTF_KIND_*); -1: unknown kind.
long extra_bytes(uint32_t kind, uint32_t vlen) {
  switch (kind) {
    case 1: return 4;                  // INT: encoding
    case 3: return 12;                 // ARRAY
    case 4: case 5: return 12L * vlen; // STRUCT, UNION: members
    case 6: return 8L * vlen;          // ENUM
    case 13: return 8L * vlen;         // FUNC_PROTO: params
    case 14: return 4;                 // VAR
    case 15: return 12L * vlen;        // DATASEC
    case 17: return 4;                 // DECL_TAG
    case 19: return 12L * vlen;        // ENUM64
    case 2: case 7: case 8: case 9: case 10: case 11: case 12: case 16: case 18:
      return 0;                        // PTR, FWD, TYPEDEF, VOLATILE, CONST, RESTRICT, FUNC,
                                       // FLOAT, TYPE_TAG
    default: return -1;
  }
}

}  // namespace

std::optional<BtfNames> BtfNames::parse(Bytes blob) {
  ByteReader h(blob, false);
  uint16_t magic = h.u16();
  h.skip(2);  // version, flags
  uint32_t hdr_len = h.u32(), type_off = h.u32(), type_len = h.u32();
  uint32_t str_off = h.u32(), str_len = h.u32();
  if (!h.ok() || magic != kBtfMagic || hdr_len < 24 || hdr_len > blob.size()) return std::nullopt;
  const uint64_t body = blob.size() - hdr_len;
  if (uint64_t{type_off} + type_len > body || uint64_t{str_off} + str_len > body) return std::nullopt;
  Bytes strings = blob.subspan(hdr_len + str_off, str_len);
  if (strings.empty() || strings.front() != std::byte{0} || strings.back() != std::byte{0})
    return std::nullopt;
  BtfNames out;
  out.strings_.assign(reinterpret_cast<const char*>(strings.data()), strings.size());
  ByteReader t(blob.subspan(hdr_len + type_off, type_len), false);
  while (t.remaining() > 0) {
    uint32_t name_off = t.u32(), info = t.u32();
    t.skip(4);  // size or type
    long extra = extra_bytes(info >> 24 & 0x1f, info & 0xffff);
    if (extra < 0 || !t.ok() || name_off >= str_len) return std::nullopt;
    t.skip(static_cast<size_t>(extra));
    if (!t.ok()) return std::nullopt;
    out.name_offsets_.push_back(name_off);
  }
  return out;
}

std::optional<std::string> BtfNames::type_name(uint32_t id) const {
  if (id == 0) return std::string();
  if (id > name_offsets_.size()) return std::nullopt;
  return std::string(strings_.c_str() + name_offsets_[id - 1]);
}

}  // namespace cperf
