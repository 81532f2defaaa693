// Writers of small mesh files in several formats, independent of the code under test.
#pragma once

#include <filesystem>
#include <string>

#include "geometry/tri_mesh.h"

namespace contactsim::testing {

// A fresh empty directory under the system temp dir, unique per call.
std::filesystem::path freshDirectory(const std::string& name);

void writeText(const std::filesystem::path& file, const std::string& text);
void writeAsciiStl(const std::filesystem::path& file, const TriMesh& mesh);
void writeAsciiPly(const std::filesystem::path& file, const TriMesh& mesh);
void writeOff(const std::filesystem::path& file, const TriMesh& mesh);
// Two OBJ objects in one file: `first` and `second`.
void writeTwoObjectObj(const std::filesystem::path& file, const TriMesh& first,
                       const TriMesh& second);
// glTF 2.0 with one mesh instanced by two nodes translated by +offset and -offset.
void writeTwoNodeGltf(const std::filesystem::path& file, const TriMesh& mesh, const Vec3& offset);

}  // namespace contactsim::testing
