// Element counts a mesh file declares in its header, checked against the file's size before the
// importer allocates for them: Assimp's OFF and PLY loaders allocate the declared number of
// vertices and faces up front, so a 100-byte file declaring four billion faces costs tens of
// gigabytes (an std::bad_alloc at best, the machine's memory at worst).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace contactsim {

// Why the file's OFF or PLY header cannot be true (e.g. "declares 4000000000 faces, more than a
// file of 109 bytes can hold"), or nullopt. Recognises the formats by content, not extension,
// as Assimp does; other formats always pass. Every declared element takes at least one byte.
std::optional<std::string> implausibleDeclaredCounts(const std::filesystem::path& file,
                                                     std::uintmax_t file_size);

}  // namespace contactsim
