// Writers of small mesh files in several formats, independent of the code under test.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "geometry/tri_mesh.h"

namespace contactsim::testing {

struct NamedMesh {
  std::string name;
  TriMesh mesh;
};

// A fresh empty directory under the system temp dir, unique per call.
std::filesystem::path freshDirectory(const std::string& name);

void writeText(const std::filesystem::path& file, const std::string& text);
void writeAsciiStl(const std::filesystem::path& file, const TriMesh& mesh);
// Named meshes, each a `solid NAME` block of one ASCII STL (a multi-solid file).
void writeAsciiStl(const std::filesystem::path& file, const std::vector<NamedMesh>& solids);
void writeAsciiPly(const std::filesystem::path& file, const TriMesh& mesh);
void writeOff(const std::filesystem::path& file, const TriMesh& mesh);
// Named meshes, each an `o NAME` object of one OBJ file.
void writeObj(const std::filesystem::path& file, const std::vector<NamedMesh>& objects);
// glTF 2.0 with one mesh instanced by two nodes translated by +offset and -offset.
void writeTwoNodeGltf(const std::filesystem::path& file, const TriMesh& mesh, const Vec3& offset);

}  // namespace contactsim::testing
