// PerfDataReader: reads perf.data in file or pipe format, from a path or stdin ("-").
//
// It yields records in stream order, unsorted, as RawRecord views. For a file (either format)
// the view points into the mmap'ed file and lives as long as the reader; for stdin, and for
// records unpacked from COMPRESSED records, it points into a buffer reused by the next call to
// next(), so callers that keep a record must copy it. Records that describe the stream itself
// (HEADER_ATTR, HEADER_FEATURE) update the attrs and features as they pass, then are yielded
// too. Naming events is left to the tools (header/feature_print.h): perf's commands differ.
//
// Errors: a bad header, a truncated or mis-sized record, or an I/O error throws InputError whose
// message names the file, the offset and the record type.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/byte_reader.h"
#include "base/mapped_file.h"
#include "format/file_header.h"

namespace cperf {

struct RawRecord {
  uint32_t type = 0;
  uint16_t misc = 0;
  uint16_t size = 0;
  Bytes bytes;            // the whole record, header included, in the file's byte order
  uint64_t offset = 0;    // file offset (pipe: bytes consumed before it)
  bool decompressed = false;  // unpacked from a COMPRESSED record at `offset`
  // Bytes that follow the record outside header.size: the trace data of AUXTRACE and
  // HEADER_TRACING_DATA records. Same lifetime as `bytes`.
  Bytes payload;
  // perf record --threads directories: the file the record is in (0: DIR/data, N: the
  // N-th data.K file in K's order); 0 for a plain file.
  uint16_t file = 0;
};

struct EventAttrEntry {
  perf_event_attr attr{};
  uint32_t file_attr_size = 0;  // attr size as stored in the file
  std::vector<uint64_t> ids;
  std::string name;             // from event_desc / EVENT_UPDATE; empty if unknown
};

class ZstdStream;

class PerfDataReader {
 public:
  // Opens `path` ("-" = stdin). Throws InputError. warn: print perf's warnings about the
  // file's header (a command that opens its input again passes false the second time).
  explicit PerfDataReader(const std::string& path, bool warn = true);
  ~PerfDataReader();
  PerfDataReader(const PerfDataReader&) = delete;
  PerfDataReader& operator=(const PerfDataReader&) = delete;

  const std::string& path() const { return path_; }
  bool is_pipe() const { return pipe_; }
  bool swapped() const { return swapped_; }
  const FileHeader& header() const { return header_; }
  uint64_t file_size() const { return stream_ ? 0 : map_.bytes().size() + dir_bytes_; }
  // A `perf record --threads` data directory: DIR/data holds the header and the side band,
  // DIR/data.K the records of each reader thread.
  bool is_dir() const { return dir_; }
  // The name, inside the directory, of the file a record came from ("data", "data.K").
  std::string file_label(uint16_t file) const;

  std::vector<EventAttrEntry>& attrs() { return attrs_; }
  const std::vector<EventAttrEntry>& attrs() const { return attrs_; }
  // Feature sections: file mode from the header's section table, pipe mode from
  // HEADER_FEATURE records seen so far.
  const std::map<int, Bytes>& features() const { return features_; }

  // Attr index of a sample id, or -1.
  int attr_index_of_id(uint64_t id) const;

  // The next record, or nullopt at the end of the data. Throws InputError.
  std::optional<RawRecord> next();

  // Pipe mode, reading from a file or stdin.
  bool from_stdin() const { return stream_ && fd_ == 0; }

 private:
  void open_file_mode();
  void read_file_attrs();
  void read_feature_sections();
  // The header names features and their table, after the data, points inside the file.
  bool feature_table_fits() const;
  bool read_stream(void* buf, size_t n);
  size_t read_stream_some(void* buf, size_t n);  // fewer than n only at the end
  std::optional<RawRecord> next_from_file();
  std::optional<RawRecord> next_from_stream();
  bool skipped_ = false;  // the last record read was too small for its type (warned, skipped)
  std::optional<RawRecord> next_decompressed();
  // Whether the unpacked bytes hold the whole next inner record; if not, its rest comes in
  // the next COMPRESSED record (perf record splits the zstd stream without regard to records).
  bool inner_record_complete() const;
  void absorb(const RawRecord& rec);
  uint64_t payload_size(const RawRecord& rec) const;
  void start_decompression(const RawRecord& rec);
  void add_ids(size_t attr_index, const std::vector<uint64_t>& ids);
  [[noreturn]] void fail(uint64_t offset, uint32_t type, const std::string& what) const;

  std::string path_;
  bool warn_ = true;
  MappedFile map_;
  Bytes cur_;  // the file being read: map_, or a data directory's data.K
  bool dir_ = false;
  std::vector<std::string> dir_files_;  // data.K names in K's order
  std::vector<MappedFile> dir_maps_;    // those opened so far (records point into them)
  uint64_t dir_bytes_ = 0;
  uint16_t cur_file_ = 0;
  bool next_dir_file();  // moves on to the next data.K; false when none is left
  bool pipe_ = false;
  bool swapped_ = false;
  bool stream_ = false;  // reading with read(2) rather than from the mapping
  int fd_ = -1;
  FileHeader header_;
  std::vector<EventAttrEntry> attrs_;
  std::unordered_map<uint64_t, int> id_to_attr_;
  std::map<int, Bytes> features_;
  std::vector<std::vector<std::byte>> owned_;  // pipe-mode copies behind features_

  // File mode: pages of the mapping below released_ were given back (release_behind()).
  static constexpr uint64_t kReleaseStep = uint64_t{1} << 19;
  void release_behind();
  uint64_t released_ = 0;

  uint64_t pos_ = 0;       // next read position (file offset)
  uint64_t data_end_ = 0;  // file mode: end of the data section
  std::vector<std::byte> buf_;
  static constexpr size_t kStreamChunk = 256 << 10;
  std::vector<char> in_;  // stdin read-ahead
  size_t in_pos_ = 0, in_len_ = 0;

  std::unique_ptr<ZstdStream> zstd_;
  std::vector<std::byte> decomp_;
  size_t decomp_pos_ = 0;
  uint64_t decomp_offset_ = 0;
};

}  // namespace cperf
