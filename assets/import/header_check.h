// OFF and PLY headers checked before Assimp reads the file (fuzz findings, docs/reliability.md):
// its loaders allocate the declared number of vertices and faces up front, so a 100-byte file
// declaring four billion faces costs tens of gigabytes (an std::bad_alloc at best, the machine's
// memory at worst), and its PLY loader never returns on a header without end_header.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace contactsim {

// Why the file's OFF or PLY header cannot be read safely (e.g. "declares 4000000000 faces, more
// than a file of 109 bytes can hold"), or nullopt. Recognises the formats by content, not
// extension, as Assimp does; other formats always pass. Every declared element takes at least one
// byte.
std::optional<std::string> implausibleHeader(const std::filesystem::path& file,
                                             std::uintmax_t file_size);

}  // namespace contactsim
