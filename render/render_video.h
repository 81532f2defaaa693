// A video of a simulation from its frames: what `contactsim-cli render RECORDING --video OUT` does
// once the recording is read (the reader supplies the frames through a callback).
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "force_scale.h"
#include "geometry/tri_mesh.h"
#include "layers.h"
#include "sim/simulation_frame.h"

namespace contactsim::render {

class SimulationView;

struct CameraOptions {
  Vec3 view_direction = Vec3(0.55, -1.0, 0.6);  // from the bodies towards the eye
  Vec3 up = Vec3::UnitZ();
  // Both set: exactly this camera; otherwise the bodies are framed from view_direction.
  std::optional<Vec3> eye, target;
  bool follow = false;  // reframe every frame (default: framed once, on the first frame)
};

// "iso" (default view), "front" (from −y), "back", "left", "right", "top", "bottom", each
// optionally followed by "+follow"; or "EX,EY,EZ:TX,TY,TZ" (eye and target, metres, z up).
// nullopt with a message in `error` for anything else.
std::optional<CameraOptions> parseCameraOptions(std::string_view spec, std::string* error);

struct VideoOptions {
  int width = 1280, height = 720;  // rounded up to even numbers
  double frames_per_second = 30.0;
  CameraOptions camera;
  LayerPreset preset = LayerPreset::CleanVideo;
  // Default: fitted once, to the first frame that has a contact force (largest force a quarter
  // of the scene's diagonal long).
  std::optional<ForceScale> force_scale;
  // Called once before the first frame: cables, joint axes, AABB tree, layer changes.
  std::function<void(SimulationView&)> setup;
  // Called after each frame is written (progress display); frame index from 0.
  std::function<void(int frame, const SimulationFrame&)> progress;
};

// Fills `frame` with the next frame and returns true, or returns false at the end.
using FrameSource = std::function<bool(SimulationFrame& frame)>;

struct VideoReport {
  int frames = 0;
  double first_time = 0.0, last_time = 0.0;  // simulation time of the first and last frame
  double wall_seconds = 0.0;
};

// Renders every frame off-screen into `out` (.ogv always; .mp4 when ffmpeg is installed), each
// stamped with its simulation time. `meshes` are the bodies' meshes in scene order (null for a
// body without geometry). Throws std::runtime_error naming the file when the format is not
// available, the source gives no frame, or writing fails.
VideoReport renderVideo(std::vector<std::shared_ptr<const TriMesh>> meshes,
                        const FrameSource& next_frame, const VideoOptions& options,
                        const std::filesystem::path& out);

}  // namespace contactsim::render
