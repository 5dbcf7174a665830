#include "writer/perf_data_writer.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "format/file_header.h"
#include "format/record_types.h"

namespace cperf {

namespace {

bool nonzero(const void* p, size_t from, size_t to) {
  const auto* b = static_cast<const unsigned char*>(p);
  for (size_t i = from; i < to; i++)
    if (b[i]) return true;
  return false;
}

constexpr size_t kBufLimit = 1 << 20;

}  // namespace

uint32_t minimal_attr_size(const perf_event_attr& a) {
  static const uint32_t kSizes[] = {PERF_ATTR_SIZE_VER0, PERF_ATTR_SIZE_VER1, PERF_ATTR_SIZE_VER2,
                                    PERF_ATTR_SIZE_VER3, PERF_ATTR_SIZE_VER4, PERF_ATTR_SIZE_VER5,
                                    PERF_ATTR_SIZE_VER6, PERF_ATTR_SIZE_VER7, PERF_ATTR_SIZE_VER8};
  perf_event_attr copy = a;
  copy.size = 0;
  uint32_t size = PERF_ATTR_SIZE_VER0;
  for (size_t i = 1; i < std::size(kSizes) && kSizes[i] <= sizeof copy; i++)
    if (nonzero(&copy, kSizes[i - 1], kSizes[i])) size = kSizes[i];
  if (sizeof copy > PERF_ATTR_SIZE_VER8 && nonzero(&copy, PERF_ATTR_SIZE_VER8, sizeof copy))
    size = sizeof copy;
  return size;
}

PerfDataWriter::~PerfDataWriter() {
  flush();
  if (own_fd_ && fd_ >= 0) ::close(fd_);
}

bool PerfDataWriter::open(const std::string& path) {
  if (path == "-") {
    fd_ = 1;
    pipe_ = true;
    return true;
  }
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd_ < 0) {
    errno_ = errno;
    error_ = "failed to open " + path + ": " + std::strerror(errno);
    return false;
  }
  own_fd_ = true;
  return true;
}

bool PerfDataWriter::write_at(uint64_t offset, const void* data, size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size) {
    ssize_t n = ::pwrite(fd_, p, size, static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      errno_ = n < 0 ? errno : ENOSPC;
      error_ = std::string("write failed: ") + std::strerror(errno_);
      return false;
    }
    p += n;
    size -= static_cast<size_t>(n);
    offset += static_cast<uint64_t>(n);
  }
  return true;
}

bool PerfDataWriter::flush() {
  if (buf_.empty() || fd_ < 0) return true;
  const char* p = reinterpret_cast<const char*>(buf_.data());
  size_t size = buf_.size();
  buf_.clear();
  while (size) {
    ssize_t n = ::write(fd_, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      errno_ = n < 0 ? errno : ENOSPC;
      error_ = std::string("write failed: ") + std::strerror(errno_);
      return false;
    }
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

bool PerfDataWriter::append(const void* data, size_t size) {
  const auto* b = static_cast<const std::byte*>(data);
  buf_.insert(buf_.end(), b, b + size);
  total_ += size;
  if (buf_.size() >= kBufLimit) return flush();
  return true;
}

std::vector<std::byte> PerfDataWriter::header_bytes() const {
  ByteBuffer h;
  h.u64(kPerfMagic2);
  h.u64(kFileHeaderSize);
  h.u64(attr_size_ + 16);
  h.u64(attrs_offset_);
  h.u64(attrs_.size() * (attr_size_ + 16));
  h.u64(data_offset_);
  h.u64(data_size_);
  h.u64(0);  // event_types (obsolete)
  h.u64(0);
  FileHeader bits;
  for (const auto& f : features_written_) bits.set_feature(f.first);
  for (uint64_t w : bits.features) h.u64(w);
  return std::move(h.bytes());
}

bool PerfDataWriter::begin(const std::vector<WriterAttr>& attrs, const FeatureMap& pipe_features) {
  attrs_ = attrs;
  attr_size_ = std::max<uint32_t>(min_attr_size_, PERF_ATTR_SIZE_VER0);
  for (const WriterAttr& a : attrs_) attr_size_ = std::max(attr_size_, minimal_attr_size(a.attr));
  for (WriterAttr& a : attrs_) a.attr.size = attr_size_;

  ByteBuffer b;
  if (pipe_) {
    b.u64(kPerfMagic2);
    b.u64(kPipeHeaderSize);
    for (const WriterAttr& a : attrs_) {
      b.u32(PERF_RECORD_HEADER_ATTR);
      b.u16(0);
      b.u16(static_cast<uint16_t>(8 + attr_size_ + 8 * a.ids.size()));
      b.raw(&a.attr, attr_size_);
      for (uint64_t id : a.ids) b.u64(id);
    }
    // Exactly as long as their payload, unpadded, as perf writes them: strict readers (e.g.
    // AutoFDO's) check the record size against what the feature's own fields add up to.
    for (const auto& [id, payload] : pipe_features) {
      b.u32(PERF_RECORD_HEADER_FEATURE);
      b.u16(0);
      b.u16(static_cast<uint16_t>(16 + payload.size()));
      b.u64(static_cast<uint64_t>(id));
      b.raw(payload.data(), payload.size());
    }
    // End of the features: a payload-less HEADER_FEATURE whose id is HEADER_LAST_FEATURE.
    // perf 7.2 prints a pipe stream's header when it reads this (report --header-only then
    // stops there instead of reading the whole stream). None when there are no features: a
    // caller that copies a stream's own feature records copies its marker too.
    if (!pipe_features.empty()) {
      b.u32(PERF_RECORD_HEADER_FEATURE);
      b.u16(0);
      b.u16(16);
      b.u64(HEADER_LAST_FEATURE);
    }
    if (!append(b.data(), b.size()) || !flush()) return false;
    return true;
  }
  // File mode: header placeholder, id arrays, attr entries.
  b.zeros(kFileHeaderSize);
  std::vector<uint64_t> id_offsets;
  for (const WriterAttr& a : attrs_) {
    id_offsets.push_back(b.size());
    for (uint64_t id : a.ids) b.u64(id);
  }
  attrs_offset_ = b.size();
  for (size_t i = 0; i < attrs_.size(); i++) {
    b.raw(&attrs_[i].attr, attr_size_);
    b.u64(id_offsets[i]);
    b.u64(attrs_[i].ids.size() * 8);
  }
  if (b.size() < min_data_offset_) b.zeros(min_data_offset_ - b.size());
  data_offset_ = b.size();
  std::vector<std::byte> h = header_bytes();
  std::memcpy(b.bytes().data(), h.data(), h.size());
  return append(b.data(), b.size()) && flush();
}

bool PerfDataWriter::write(const void* data, size_t size) {
  data_size_ += size;
  return append(data, size);
}

bool PerfDataWriter::finish(const FeatureMap& features) {
  if (!flush()) return false;
  if (pipe_) return true;
  features_written_ = features;
  feat_offset_ = data_offset_ + data_size_;
  ByteBuffer table, payloads;
  uint64_t payload_offset = feat_offset_ + 16 * features.size();
  for (const auto& [id, payload] : features) {
    table.u64(payload_offset + payloads.size());
    table.u64(payload.size());
    payloads.raw(payload.data(), payload.size());
  }
  if (!write_at(feat_offset_, table.data(), table.size())) return false;
  if (!write_at(feat_offset_ + table.size(), payloads.data(), payloads.size())) return false;
  std::vector<std::byte> h = header_bytes();
  if (!write_at(0, h.data(), h.size())) return false;
  total_ = feat_offset_ + table.size() + payloads.size();
  if (::ftruncate(fd_, static_cast<off_t>(total_)) != 0) {
    error_ = std::string("ftruncate failed: ") + std::strerror(errno);
    return false;
  }
  return true;
}

bool PerfDataWriter::salvage(const FeatureMap& features) {
  if (pipe_ || fd_ < 0) return false;
  buf_.clear();  // what could not be written is gone
  off_t end_off = ::lseek(fd_, 0, SEEK_END);
  if (end_off < 0 || static_cast<uint64_t>(end_off) < data_offset_) return false;
  uint64_t end = static_cast<uint64_t>(end_off);
  // The feature sections go over the last records, in blocks the file already has: a full disk
  // may have no others. So the data ends at the last whole record that leaves them room (and,
  // if even that fails, at the last whole record, with no features).
  uint64_t need = 16 * features.size();
  for (const auto& f : features) need += f.second.size();
  uint64_t whole = data_offset_, with_room = data_offset_;
  if (end > data_offset_) {
    void* map = ::mmap(nullptr, end, PROT_READ, MAP_SHARED, fd_, 0);
    if (map == MAP_FAILED) return false;
    const auto* file = static_cast<const unsigned char*>(map);
    while (whole + 8 <= end) {
      uint16_t size;
      std::memcpy(&size, file + whole + 6, sizeof size);
      if (size < 8 || whole + size > end) break;
      whole += size;
      if (whole + need <= end) with_room = whole;
    }
    ::munmap(map, end);
  }
  std::string first_error = error_;
  int first_errno = errno_;
  data_size_ = with_room - data_offset_;
  bool ok = finish(features);
  if (!ok) {
    data_size_ = whole - data_offset_;
    features_written_.clear();
    std::vector<std::byte> h = header_bytes();
    ok = ::ftruncate(fd_, static_cast<off_t>(whole)) == 0 && write_at(0, h.data(), h.size());
    total_ = whole;
  }
  error_ = first_error;
  errno_ = first_errno;
  return ok;
}

}  // namespace cperf
