// PerfDataBuilder: builds small perf.data files (file or pipe format) in memory for tests.
#pragma once
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "linux/perf_event.h"

namespace cperf::test {

class PerfDataBuilder {
 public:
  // One attr with these sample bits and the given ids.
  perf_event_attr& add_attr(uint64_t sample_type, std::vector<uint64_t> ids = {}) {
    perf_event_attr a{};
    a.type = PERF_TYPE_SOFTWARE;
    a.size = PERF_ATTR_SIZE_VER8;
    a.sample_type = sample_type;
    a.sample_id_all = 1;
    attrs_.push_back(a);
    ids_.push_back(std::move(ids));
    return attrs_.back();
  }
  // A record of `type` with body words (u64s).
  void add_record(uint32_t type, uint16_t misc, const std::vector<uint64_t>& body) {
    std::vector<uint8_t> r(8 + body.size() * 8);
    uint16_t size = static_cast<uint16_t>(r.size());
    std::memcpy(r.data(), &type, 4);
    std::memcpy(r.data() + 4, &misc, 2);
    std::memcpy(r.data() + 6, &size, 2);
    std::memcpy(r.data() + 8, body.data(), body.size() * 8);
    data_.insert(data_.end(), r.begin(), r.end());
  }
  void add_raw(const std::vector<uint8_t>& bytes) { data_.insert(data_.end(), bytes.begin(), bytes.end()); }

  // File format: header, attrs (+ids), data. No feature sections.
  std::vector<uint8_t> file() const {
    const uint64_t attr_size = PERF_ATTR_SIZE_VER8 + 16;
    std::vector<uint8_t> out(104, 0);
    std::vector<uint8_t> ids_blob, attrs_blob;
    uint64_t ids_off = 104;
    for (const auto& ids : ids_) for (uint64_t id : ids) append(ids_blob, id);
    uint64_t attrs_off = ids_off + ids_blob.size();
    uint64_t id_pos = ids_off;
    for (size_t i = 0; i < attrs_.size(); ++i) {
      const uint8_t* p = reinterpret_cast<const uint8_t*>(&attrs_[i]);
      attrs_blob.insert(attrs_blob.end(), p, p + PERF_ATTR_SIZE_VER8);
      append(attrs_blob, id_pos);
      append(attrs_blob, ids_[i].size() * 8);
      id_pos += ids_[i].size() * 8;
    }
    uint64_t data_off = attrs_off + attrs_blob.size();
    put(out, 0, 0x32454c4946524550ULL);
    put(out, 8, 104);
    put(out, 16, attr_size);
    put(out, 24, attrs_off);
    put(out, 32, attrs_blob.size());
    put(out, 40, data_off);
    put(out, 48, data_.size());
    out.insert(out.end(), ids_blob.begin(), ids_blob.end());
    out.insert(out.end(), attrs_blob.begin(), attrs_blob.end());
    out.insert(out.end(), data_.begin(), data_.end());
    return out;
  }

  std::string write(const std::string& path) const {
    auto bytes = file();
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                static_cast<std::streamsize>(bytes.size()));
    return path;
  }

 private:
  static void append(std::vector<uint8_t>& v, uint64_t x) {
    const uint8_t* p = reinterpret_cast<const uint8_t*>(&x);
    v.insert(v.end(), p, p + 8);
  }
  static void put(std::vector<uint8_t>& v, size_t at, uint64_t x) { std::memcpy(v.data() + at, &x, 8); }

  std::vector<perf_event_attr> attrs_;
  std::vector<std::vector<uint64_t>> ids_;
  std::vector<uint8_t> data_;
};

}  // namespace cperf::test
