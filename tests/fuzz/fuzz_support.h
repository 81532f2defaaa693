// Shared by the libFuzzer targets: a scratch file for code that only reads from a path, and the
// one way a target reports a broken invariant (a message, then abort(), so libFuzzer keeps the
// input as a crash reproducer).
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace contactsim::fuzz {

// Prints what broke and aborts: libFuzzer treats the abort as a crash and writes the input.
[[noreturn]] inline void violated(const std::string& what) {
  std::fprintf(stderr, "fuzz invariant violated: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

inline void check(bool condition, const std::string& what) {
  if (!condition) violated(what);
}

// The input written to a per-process file under $TMPDIR (point it at /dev/shm to spare the
// disk), named with `extension` because importers choose the format by it. Removed on scope
// exit; the same name is reused for every input of the process.
class ScratchFile {
 public:
  ScratchFile(std::string_view bytes, const std::string& extension)
      : path_(std::filesystem::temp_directory_path() /
              ("contactsim-fuzz-" + std::to_string(::getpid()) + extension)) {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) violated("cannot write the scratch file " + path_.string());
  }
  ~ScratchFile() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Reads the input front to back; past the end every value is 0, so any input decodes.
class ByteReader {
 public:
  ByteReader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  std::int8_t signedByte() { return static_cast<std::int8_t>(byte()); }
  bool empty() const { return pos_ >= size_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

}  // namespace contactsim::fuzz
