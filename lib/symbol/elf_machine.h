// The machine (EM_*) an ELF file was built for, read from its header alone, as perf does to
// name a program's registers.
#pragma once
#include <cstdint>
#include <string>

namespace cperf {

// e_machine of the ELF file at path, or EM_NONE (0) when the file is missing, not ELF, or
// its identification bytes are not valid (class, data encoding, version, machine < EM_NUM).
uint16_t read_elf_machine(const std::string& path);

// The e_type of the ELF file at path (ET_EXEC, ET_DYN, ...); ET_NONE if it is none.
uint16_t read_elf_type(const std::string& path);

}  // namespace cperf
