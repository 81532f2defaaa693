// Inside the scene reader (scene_reader.h): one reader per section of the scene file
// (docs/scene-format.md), each given the section's JSON value and its path for errors. The file's
// top level, which calls them in order, is in scene_reader.cpp.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "scene/scene.h"
#include "scene/scene_fields.h"
#include "scene/scene_reader.h"

namespace contactsim::scene_reading {

// "solver" (scene_solver_reader.cpp): SolverSettings and the end time.
void readSolver(const FieldReader& r, const json& j, const std::string& path, Scene& scene);

// "materials" and "bodies" (scene_body_reader.cpp). A body's mesh is loaded here, and its mass
// properties resolved from the mesh and its material's density; mesh warnings go to `warnings`.
void readMaterials(const FieldReader& r, const json& j, const std::string& path, Scene& scene);
SceneBody readBody(const FieldReader& r, const MeshLoader& load_mesh, const json& j,
                   const std::string& path, const Scene& scene, std::vector<std::string>& warnings);

// A body's "position", "orientation", "linear_velocity" and "angular_velocity" in object j, those
// present (scene_body_reader.cpp): a body's initial state and a keyframe's.
void readBodyState(const FieldReader& r, const json& j, const std::string& path,
                   SceneBodyState& state);

// "keyframes" (scene_keyframe_reader.cpp), after the bodies.
std::vector<SceneKeyframe> readKeyframes(const FieldReader& r, const json& j,
                                         const std::string& path, const Scene& scene);

// "joints" (scene_joint_reader.cpp), with their drives and limits.
SceneJoint readJoint(const FieldReader& r, const json& j, const std::string& path);

// "cables" (scene_cable_reader.cpp): ideal cables and chains with their windlass.
SceneCable readCable(const FieldReader& r, const json& j, const std::string& path);

// "springs" and "loads" (scene_force_reader.cpp).
SceneSpring readSpring(const FieldReader& r, const json& j, const std::string& path);
SceneLoad readLoad(const FieldReader& r, const json& j, const std::string& path);

// "contact" (scene_contact_reader.cpp): pairs, laws, pair overrides, geometry and sparsify.
SceneContact readContact(const FieldReader& r, const json& j, const std::string& path);

}  // namespace contactsim::scene_reading
