// Writers for the generated models (binary STL and OBJ).
#pragma once

#include <filesystem>

#include "geometry/tri_mesh.h"

namespace contactsim {

// Throw std::runtime_error naming the file when it cannot be written.
void writeBinaryStl(const std::filesystem::path& file, const TriMesh& mesh);
void writeObj(const std::filesystem::path& file, const TriMesh& mesh);

}  // namespace contactsim
