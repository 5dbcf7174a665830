#include "io/perf_data_reader.h"

#include <dirent.h>
#include <sys/stat.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "base/error.h"
#include "format/record_types.h"
#include "io/zstd_stream.h"

namespace cperf {

namespace {

constexpr size_t kHeaderBytes = sizeof(perf_event_header);

struct Header {
  uint32_t type;
  uint16_t misc;
  uint16_t size;
};

Header read_header(Bytes b, bool swap) {
  ByteReader r(b, swap);
  Header h;
  h.type = r.u32();
  h.misc = r.u16();
  h.size = r.u16();
  return h;
}

// perf warns about a record too small for its type and steps over it.
bool skip_too_small(const Header& h, uint64_t offset) {
  uint32_t min = record_min_size(h.type);
  if (!min || h.size >= min) return false;
  const char* name = record_type_name(h.type);
  std::fprintf(stderr, "WARNING: at offset %#" PRIx64 ": %s (%u) event size %u too small (min %u), skipping\n",
               offset, name ? name : "UNKNOWN", h.type, h.size, min);
  return true;
}

}  // namespace

PerfDataReader::PerfDataReader(const std::string& path, bool warn) : path_(path), warn_(warn) {
  if (path == "-") {
    stream_ = true;
    pipe_ = true;
    fd_ = 0;
    std::byte hdr[kPipeHeaderSize];
    if (!read_stream(hdr, sizeof hdr)) fail(0, 0, "short pipe header");
    bool ok = read_file_header(Bytes(hdr, sizeof hdr), header_, swapped_);
    if (!ok || header_.size != kPipeHeaderSize) fail(0, 0, "not a perf.data pipe stream (bad magic)");
    pos_ = kPipeHeaderSize;
    return;
  }
  struct stat st{};
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    dir_ = true;
    map_ = MappedFile(path + "/data");
    std::vector<std::pair<unsigned long, std::string>> files;
    if (DIR* d = opendir(path.c_str())) {
      while (dirent* e = readdir(d)) {
        char* end = nullptr;
        if (std::strncmp(e->d_name, "data.", 5) != 0) continue;
        unsigned long k = std::strtoul(e->d_name + 5, &end, 10);
        if (end != e->d_name + 5 && *end == '\0') files.emplace_back(k, e->d_name);
      }
      closedir(d);
    }
    std::sort(files.begin(), files.end());
    for (auto& [k, name] : files) {
      dir_files_.push_back(name);
      if (::stat((path + "/" + name).c_str(), &st) == 0) dir_bytes_ += static_cast<uint64_t>(st.st_size);
    }
  } else {
    // perf's words and status when the input cannot be opened at all.
    if (::access(path.c_str(), R_OK) != 0)
      throw InputError("failed to open " + path + ": " + std::strerror(errno), 255);
    map_ = MappedFile(path);
  }
  cur_ = map_.bytes();
  open_file_mode();
}

std::string PerfDataReader::file_label(uint16_t file) const {
  return file == 0 || file > dir_files_.size() ? "data" : dir_files_[file - 1];
}

bool PerfDataReader::next_dir_file() {
  if (!dir_ || cur_file_ >= dir_files_.size()) return false;
  dir_maps_.emplace_back(path_ + "/" + dir_files_[cur_file_]);
  cur_file_++;
  cur_ = dir_maps_.back().bytes();
  pos_ = 0;
  data_end_ = cur_.size();
  released_ = 0;
  return true;
}

PerfDataReader::~PerfDataReader() = default;

void PerfDataReader::fail(uint64_t offset, uint32_t type, const std::string& what) const {
  throw_input_error(stream_ ? std::string("pipe") : dir_ ? path_ + "/" + file_label(cur_file_) : path_, offset,
                    type ? record_type_label(type) : std::string(), what);
}

void PerfDataReader::open_file_mode() {
  Bytes file = map_.bytes();
  if (file.size() < kPipeHeaderSize) fail(0, 0, "file too small to be perf.data");
  if (!read_file_header(file, header_, swapped_)) fail(0, 0, "not a perf.data file (bad magic)");
  if (header_.size == kPipeHeaderSize) {
    pipe_ = true;
    pos_ = kPipeHeaderSize;
    data_end_ = file.size();
    return;
  }
  if (header_.size < kFileHeaderSizeNoFeatures)
    fail(0, 0, "bad header size " + std::to_string(header_.size));
  auto in_file = [&](const FileSection& s) {
    return s.offset <= file.size() && s.size <= file.size() - s.offset;
  };
  if (!in_file(header_.attrs)) fail(0x18, 0, "attrs section out of bounds");
  if (!in_file(header_.data)) {
    fail(0x28, 0, "data section out of bounds (file truncated?)");
  }
  read_file_attrs();
  pos_ = header_.data.offset;
  data_end_ = header_.data.offset + header_.data.size;
  if (header_.data.size == 0 && header_.data.offset < file.size() && !feature_table_fits()) {
    // perf record rewrites the header last; a recording killed before that has data size 0
    // and records, not a feature table, after the data offset (a finished file with no records
    // has its feature table there). Rather than show nothing (perf's choice), read the
    // records up to the end of the file.
    // perf's warning (it then reads nothing; cperf reads what is there). Kept to these two
    // lines: a damaged file then still fails in few lines.
    if (warn_)
      std::fprintf(stderr,
                   "WARNING: The %s file's data size field is 0 which is unexpected.\n"
                   "Was the 'perf record' command properly terminated?\n",
                   path_.c_str());
    data_end_ = file.size();
    return;
  }
  read_feature_sections();
  // perf's words (it names the file perf.data whatever its name), on every command.
  if (warn_ && !features_.count(HEADER_NRCPUS))
    std::fputs("WARNING: perf.data is missing HEADER_NRCPUS, using MAX_NR_CPUS (4096) as CPU bound\n",
               stderr);
}

void PerfDataReader::read_file_attrs() {
  Bytes file = map_.bytes();
  uint64_t stride = header_.attr_size;
  if (header_.attrs.size == 0) return;
  if (stride < PERF_ATTR_SIZE_VER0 + sizeof(FileSection) || stride > 4096)
    fail(0x10, 0, "bad attr size " + std::to_string(stride));
  uint64_t n = header_.attrs.size / stride;
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t off = header_.attrs.offset + i * stride;
    ByteReader r(file.subspan(off, stride), swapped_);
    EventAttrEntry e;
    e.file_attr_size = static_cast<uint32_t>(stride - sizeof(FileSection));
    if (!read_attr(r, e.file_attr_size, e.attr)) fail(off, 0, "truncated attr");
    FileSection ids{r.u64(), r.u64()};
    if (ids.offset > file.size() || ids.size > file.size() - ids.offset || ids.size % 8)
      fail(off, 0, "attr id section out of bounds");
    ByteReader ir(file.subspan(ids.offset, ids.size), swapped_);
    for (uint64_t k = 0; k < ids.size / 8; ++k) e.ids.push_back(ir.u64());
    attrs_.push_back(std::move(e));
    add_ids(attrs_.size() - 1, attrs_.back().ids);
  }
}

bool PerfDataReader::feature_table_fits() const {
  Bytes file = map_.bytes();
  uint64_t table = header_.data.offset + header_.data.size;
  ByteReader r(file.subspan(std::min<uint64_t>(table, file.size())), swapped_);
  bool any = false;
  for (int bit = 1; bit < kMaxFeatures; ++bit) {
    if (!header_.has_feature(bit)) continue;
    FileSection s{r.u64(), r.u64()};
    if (!r.ok() || s.offset < table || s.offset > file.size() || s.size > file.size() - s.offset)
      return false;
    any = true;
  }
  return any;
}

void PerfDataReader::read_feature_sections() {
  Bytes file = map_.bytes();
  uint64_t table = header_.data.offset + header_.data.size;
  ByteReader r(file.subspan(std::min<uint64_t>(table, file.size())), swapped_);
  for (int bit = 1; bit < kMaxFeatures; ++bit) {
    if (!header_.has_feature(bit)) continue;
    FileSection s{r.u64(), r.u64()};
    if (!r.ok()) fail(table, 0, "header feature table is cut short (file truncated?)");
    if (s.offset > file.size() || s.size > file.size() - s.offset)
      fail(table, 0, std::string("feature section ") + (feature_name(bit) ? feature_name(bit) : "?") +
                         " lies outside the file (file truncated?)");
    features_[bit] = file.subspan(s.offset, s.size);
  }
}

void PerfDataReader::add_ids(size_t attr_index, const std::vector<uint64_t>& ids) {
  for (uint64_t id : ids) id_to_attr_.emplace(id, static_cast<int>(attr_index));
}

int PerfDataReader::attr_index_of_id(uint64_t id) const {
  auto it = id_to_attr_.find(id);
  return it == id_to_attr_.end() ? -1 : it->second;
}

bool PerfDataReader::read_stream(void* buf, size_t n) { return read_stream_some(buf, n) == n; }

size_t PerfDataReader::read_stream_some(void* buf, size_t n) {
  // Served from in_ (refilled by large reads): two read(2) calls per record cost more than
  // decoding it.
  char* p = static_cast<char*>(buf);
  const size_t want = n;
  while (n > 0) {
    if (in_pos_ == in_len_) {
      if (in_.empty()) in_.resize(kStreamChunk);
      ssize_t got = ::read(fd_, in_.data(), in_.size());
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) throw InputError("pipe: read error: " + std::string(std::strerror(errno)));
      if (got == 0) return want - n;
      in_pos_ = 0;
      in_len_ = static_cast<size_t>(got);
    }
    size_t k = std::min(n, in_len_ - in_pos_);
    std::memcpy(p, in_.data() + in_pos_, k);
    in_pos_ += k;
    p += k;
    n -= k;
  }
  return want;
}

std::optional<RawRecord> PerfDataReader::next() {
  // A record too small for its type comes back as skipped_ (after perf's warning); loop, so
  // that a long run of them cannot run the stack out.
  for (;;) {
    skipped_ = false;
    std::optional<RawRecord> rec;
    if (zstd_ && decomp_pos_ < decomp_.size() && inner_record_complete()) {
      rec = next_decompressed();
    } else {
      rec = stream_ ? next_from_stream() : next_from_file();
      // The data ended inside an inner record.
      if (!rec && zstd_ && decomp_pos_ < decomp_.size())
        fail(decomp_offset_, PERF_RECORD_COMPRESSED, "the data ends inside a compressed record");
    }
    if (skipped_) continue;
    if (rec && !rec->decompressed) absorb(*rec);
    return rec;
  }
}

std::optional<RawRecord> PerfDataReader::next_from_file() {
  while (pos_ >= data_end_)
    if (!next_dir_file()) return std::nullopt;
  Bytes file = cur_;
  if (data_end_ - pos_ < kHeaderBytes) fail(pos_, 0, "truncated record header");
  Header h = read_header(file.subspan(pos_, kHeaderBytes), swapped_);
  if (h.size < kHeaderBytes) fail(pos_, h.type, "bad record size " + std::to_string(h.size));
  if (h.size > data_end_ - pos_)
    fail(pos_, h.type, "truncated record (size " + std::to_string(h.size) + ", " +
                           std::to_string(data_end_ - pos_) + " bytes left)");
  if (skip_too_small(h, pipe_ ? pos_ - kPipeHeaderSize : pos_)) {
    pos_ += h.size;
    skipped_ = true;
    return std::nullopt;
  }
  RawRecord rec{h.type, h.misc, h.size, file.subspan(pos_, h.size),
                pipe_ ? pos_ - kPipeHeaderSize : pos_, false, {}, cur_file_};
  pos_ += h.size;
  if (uint64_t extra = payload_size(rec)) {
    if (extra > data_end_ - pos_) fail(rec.offset, h.type, "trace data runs past the end of the data");
    rec.payload = file.subspan(pos_, extra);
    pos_ += extra;
  }
  if (pos_ - released_ >= 2 * kReleaseStep) release_behind();
  return rec;
}

void PerfDataReader::release_behind() {
  // The mapping is private and read-only, so dropped pages are simply read again from the
  // page cache if a record still queued behind the read position is looked at. Dropping them
  // keeps the resident set at a few windows instead of the whole file.
  static const uint64_t page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  uint64_t upto = (pos_ - kReleaseStep) / page * page;
  if (upto <= released_) return;
  auto* base = const_cast<std::byte*>(cur_.data());
  madvise(base + released_, upto - released_, MADV_DONTNEED);
  released_ = upto;
}

std::optional<RawRecord> PerfDataReader::next_from_stream() {
  std::byte hb[kHeaderBytes];
  size_t got = read_stream_some(hb, kHeaderBytes);
  if (got == 0) return std::nullopt;
  if (got < kHeaderBytes) fail(pos_, 0, "truncated record header");
  Header h = read_header(Bytes(hb, kHeaderBytes), swapped_);
  if (h.size < kHeaderBytes) fail(pos_, h.type, "bad record size " + std::to_string(h.size));
  buf_.resize(h.size);
  std::memcpy(buf_.data(), hb, kHeaderBytes);
  if (!read_stream(buf_.data() + kHeaderBytes, h.size - kHeaderBytes))
    fail(pos_, h.type, "truncated record");
  if (skip_too_small(h, pos_ - kPipeHeaderSize)) {
    pos_ += h.size;
    skipped_ = true;
    return std::nullopt;
  }
  RawRecord rec{h.type, h.misc, h.size, Bytes(buf_.data(), h.size), pos_ - kPipeHeaderSize, false, {}};
  pos_ += h.size;
  if (uint64_t extra = payload_size(rec)) {
    if (extra > (uint64_t{1} << 32)) fail(rec.offset, h.type, "implausible trace data size");
    // Grown as the bytes arrive, so that a size the stream does not hold allocates no more
    // than the stream has (a hostile size would otherwise ask for gigabytes at once).
    constexpr uint64_t kStep = uint64_t{1} << 20;
    for (uint64_t done = 0; done < extra;) {
      uint64_t n = std::min(kStep, extra - done);
      buf_.resize(h.size + done + n);
      if (!read_stream(buf_.data() + h.size + done, n)) fail(rec.offset, h.type, "truncated trace data");
      done += n;
    }
    rec.bytes = Bytes(buf_.data(), h.size);
    rec.payload = Bytes(buf_.data() + h.size, extra);
    pos_ += extra;
  }
  return rec;
}

bool PerfDataReader::inner_record_complete() const {
  size_t left = decomp_.size() - decomp_pos_;
  if (left < kHeaderBytes) return false;
  Header h = read_header(Bytes(decomp_.data() + decomp_pos_, left), swapped_);
  return h.size <= left || h.size < kHeaderBytes;  // a bad size fails when read
}

std::optional<RawRecord> PerfDataReader::next_decompressed() {
  size_t left = decomp_.size() - decomp_pos_;
  if (left < kHeaderBytes) fail(decomp_offset_, PERF_RECORD_COMPRESSED, "truncated inner record");
  Bytes b(decomp_.data() + decomp_pos_, left);
  Header h = read_header(b, swapped_);
  if (h.size < kHeaderBytes || h.size > left)
    fail(decomp_offset_, PERF_RECORD_COMPRESSED,
         "bad inner record size " + std::to_string(h.size) + " (type " + std::to_string(h.type) + ")");
  if (skip_too_small(h, decomp_offset_)) {
    decomp_pos_ += h.size;
    skipped_ = true;
    return std::nullopt;
  }
  RawRecord rec{h.type, h.misc, h.size, b.subspan(0, h.size), decomp_offset_, true, {}, cur_file_};
  decomp_pos_ += h.size;
  absorb(rec);
  return rec;
}

void PerfDataReader::start_decompression(const RawRecord& rec) {
  ByteReader r(rec.bytes, swapped_);
  r.skip(kHeaderBytes);
  uint64_t len = r.remaining();
  if (rec.type == PERF_RECORD_COMPRESSED2) {
    len = r.u64();
    if (!r.ok() || len > r.remaining()) fail(rec.offset, rec.type, "bad compressed data size");
  }
  Bytes payload = r.bytes(len);
  if (!zstd_) zstd_ = std::make_unique<ZstdStream>();
  // Keep what was not consumed yet (an inner record may straddle two compressed records).
  decomp_.erase(decomp_.begin(), decomp_.begin() + static_cast<ptrdiff_t>(decomp_pos_));
  decomp_pos_ = 0;
  if (!zstd_->decompress(payload, decomp_)) fail(rec.offset, rec.type, "corrupt zstd data");
  decomp_offset_ = rec.offset;
}

// AUXTRACE records are followed by `size` bytes of trace; HEADER_TRACING_DATA by `size` bytes
// padded to 8. Neither is counted in header.size.
uint64_t PerfDataReader::payload_size(const RawRecord& rec) const {
  ByteReader r(rec.bytes, swapped_);
  r.skip(kHeaderBytes);
  if (rec.type == PERF_RECORD_AUXTRACE) {
    uint64_t n = r.u64();
    return r.ok() ? n : 0;
  }
  if (rec.type == PERF_RECORD_HEADER_TRACING_DATA) {
    uint64_t n = r.u32();
    return r.ok() ? (n + 7) / 8 * 8 : 0;
  }
  return 0;
}

// Keeps metadata in step with records that define it (pipe mode) and unpacks compressed data.
void PerfDataReader::absorb(const RawRecord& rec) {
  switch (rec.type) {
    case PERF_RECORD_HEADER_ATTR: {
      ByteReader r(rec.bytes, swapped_);
      r.skip(kHeaderBytes);
      size_t at = r.pos();
      r.skip(4);
      uint32_t size = r.u32();
      if (size == 0) size = PERF_ATTR_SIZE_VER0;
      r.seek(at);
      EventAttrEntry e;
      e.file_attr_size = size;
      if (!read_attr(r, size, e.attr)) fail(rec.offset, rec.type, "truncated attr");
      while (r.remaining() >= 8) e.ids.push_back(r.u64());
      attrs_.push_back(std::move(e));
      add_ids(attrs_.size() - 1, attrs_.back().ids);
      break;
    }
    case PERF_RECORD_HEADER_FEATURE: {
      ByteReader r(rec.bytes, swapped_);
      r.skip(kHeaderBytes);
      uint64_t feat = r.u64();
      if (!r.ok()) fail(rec.offset, rec.type, "record too small");
      if (feat < kMaxFeatures) {
        Bytes rest = rec.bytes.subspan(r.pos());
        owned_.emplace_back(rest.begin(), rest.end());
        features_[static_cast<int>(feat)] = Bytes(owned_.back().data(), owned_.back().size());
        header_.set_feature(static_cast<int>(feat));
      }
      break;
    }
    case PERF_RECORD_COMPRESSED:
    case PERF_RECORD_COMPRESSED2:
      start_decompression(rec);
      break;
    default:
      break;
  }
}

}  // namespace cperf
