// What `collide` and `contact` share: two mesh files, their poses and units, timed repeats.
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "geometry/pose.h"
#include "import/mesh_import.h"

namespace contactsim::cli {

struct MeshPairArguments {
  std::string mesh_a;
  std::string mesh_b;
  std::string pose_a = "0,0,0,0,0,0";
  std::string pose_b = "0,0,0,0,0,0";
  std::string units = "m";
  int repeat = 1;
};

// Positional A and B, --pose-a, --pose-b, --units, --repeat.
void addMeshPairOptions(CLI::App& command, MeshPairArguments& args);

struct MeshPair {
  ImportedMesh a, b;
  Pose world_a, world_b;
};

// Throws with one line naming the option or file at fault.
MeshPair loadMeshPair(const MeshPairArguments& args);

// Runs `query` `repeat` times and returns the median wall time of one run in seconds.
template <class Query>
double medianSeconds(int repeat, Query&& query);

nlohmann::json toJson(const Vec3& v);

}  // namespace contactsim::cli

#include "cli/median_seconds.inl"
