// PerfDataWriter: writes perf.data in file mode or in pipe mode ("-").
//
// File mode layout, as perf lays it out:
//   [file header, 104 B][ids of each attr][attr entries: attr + ids section][data ...]
//   [feature section table][feature payloads]
// The header is written as a placeholder by begin() and rewritten by finish(), so an
// interrupted writer leaves a file whose data size is 0 (perf warns), and a finished one is
// complete. Pipe mode writes the 16-byte pipe header, one HEADER_ATTR record per attr, one
// HEADER_FEATURE record per feature given to begin() and the end-of-features marker (a
// HEADER_FEATURE with id HEADER_LAST_FEATURE), then the data stream as is.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "linux/perf_event.h"
#include "writer/byte_buffer.h"

namespace cperf {

struct WriterAttr {
  perf_event_attr attr{};   // attr.size is rewritten to the common on-disk size
  std::vector<uint64_t> ids;
};

// Smallest published attr size (PERF_ATTR_SIZE_VER*) that holds every non-zero field of a.
uint32_t minimal_attr_size(const perf_event_attr& a);

using FeatureMap = std::map<int, std::vector<std::byte>>;  // HEADER_* id -> payload

class PerfDataWriter {
 public:
  PerfDataWriter() = default;
  ~PerfDataWriter();
  PerfDataWriter(const PerfDataWriter&) = delete;
  PerfDataWriter& operator=(const PerfDataWriter&) = delete;

  // Opens `path` ("-" = stdout, pipe mode). On failure returns false and sets error().
  bool open(const std::string& path);
  bool is_pipe() const { return pipe_; }
  // On-disk attr size at least `size` (call before begin()). Without it the attrs take the
  // smallest published size that holds them.
  void set_min_attr_size(uint32_t size) { min_attr_size_ = size; }
  // File mode: the data starts at `offset` at least, zeros before it (call before begin()).
  // perf inject --itrace leaves room there for the attrs of the events it would synthesize.
  void set_min_data_offset(uint64_t offset) { min_data_offset_ = offset; }
  const std::string& error() const { return error_; }
  int error_number() const { return errno_; }  // errno of the failure error() describes

  // Writes everything that precedes the data. `pipe_features` are only used in pipe mode
  // (file mode writes its features in finish()).
  bool begin(const std::vector<WriterAttr>& attrs, const FeatureMap& pipe_features);
  // Appends raw records to the data section.
  bool write(const void* data, size_t size);
  // File mode: writes the feature sections and rewrites the header. Pipe mode: flushes.
  bool finish(const FeatureMap& features);
  // File mode, after a write failed (a full disk): keeps the complete records already on disk,
  // drops a partly written one, and finishes the file with as many features as still fit
  // (none if none fit), so that what was recorded still reads. Returns false if even the
  // header could not be rewritten.
  bool salvage(const FeatureMap& features);

  uint64_t data_size() const { return data_size_; }
  uint64_t bytes_written() const { return total_; }  // header + data + features so far
  int fd() const { return fd_; }

 private:
  bool write_at(uint64_t offset, const void* data, size_t size);
  bool append(const void* data, size_t size);
  bool flush();
  std::vector<std::byte> header_bytes() const;

  int fd_ = -1;
  bool pipe_ = false;
  bool own_fd_ = false;
  std::string error_;
  int errno_ = 0;
  std::vector<WriterAttr> attrs_;
  uint32_t attr_size_ = 0;
  uint32_t min_attr_size_ = PERF_ATTR_SIZE_VER0;
  uint64_t min_data_offset_ = 0;
  uint64_t attrs_offset_ = 0, data_offset_ = 0, data_size_ = 0, total_ = 0;
  FeatureMap features_written_;
  uint64_t feat_offset_ = 0;
  std::vector<std::byte> buf_;  // write buffer for data
};

}  // namespace cperf
