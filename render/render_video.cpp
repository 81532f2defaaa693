#include "render_video.h"

#include <chrono>
#include <cstdlib>
#include <stdexcept>

#include "simulation_view.h"
#include "video_capture.h"

namespace contactsim::render {

namespace {

std::optional<Vec3> parseVec3(std::string_view text) {
  Vec3 v;
  std::string s(text);
  const char* p = s.c_str();
  for (int i = 0; i < 3; ++i) {
    char* end = nullptr;
    v[i] = std::strtod(p, &end);
    if (end == p) return std::nullopt;
    p = end;
    if (i < 2) {
      if (*p != ',') return std::nullopt;
      ++p;
    }
  }
  if (*p != '\0' || !v.allFinite()) return std::nullopt;
  return v;
}

}  // namespace

std::optional<CameraOptions> parseCameraOptions(std::string_view spec, std::string* error) {
  auto fail = [&](const std::string& message) -> std::optional<CameraOptions> {
    if (error) *error = message;
    return std::nullopt;
  };
  CameraOptions options;
  const std::size_t colon = spec.find(':');
  if (colon != std::string_view::npos) {
    const auto eye = parseVec3(spec.substr(0, colon));
    const auto target = parseVec3(spec.substr(colon + 1));
    if (!eye || !target)
      return fail("camera '" + std::string(spec) + "': expected EX,EY,EZ:TX,TY,TZ");
    if ((*eye - *target).norm() <= 0.0) return fail("camera: the eye is at the target");
    options.eye = eye;
    options.target = target;
    return options;
  }
  std::string_view view = spec;
  constexpr std::string_view kFollow = "+follow";
  if (view.size() >= kFollow.size() && view.substr(view.size() - kFollow.size()) == kFollow) {
    options.follow = true;
    view.remove_suffix(kFollow.size());
  }
  if (view == "iso" || view.empty()) {
    // the default direction
  } else if (view == "front") {
    options.view_direction = Vec3(0, -1, 0.25);
  } else if (view == "back") {
    options.view_direction = Vec3(0, 1, 0.25);
  } else if (view == "left") {
    options.view_direction = Vec3(-1, 0, 0.25);
  } else if (view == "right") {
    options.view_direction = Vec3(1, 0, 0.25);
  } else if (view == "top") {
    options.view_direction = Vec3(0, 0, 1);
    options.up = Vec3::UnitY();
  } else if (view == "bottom") {
    options.view_direction = Vec3(0, 0, -1);
    options.up = Vec3::UnitY();
  } else {
    return fail("camera '" + std::string(spec) +
                "': expected iso, front, back, left, right, top or bottom (optionally +follow), "
                "or EX,EY,EZ:TX,TY,TZ");
  }
  return options;
}

VideoReport renderVideo(std::vector<std::shared_ptr<const TriMesh>> meshes,
                        const FrameSource& next_frame, const VideoOptions& options,
                        const std::filesystem::path& out) {
  const auto start = std::chrono::steady_clock::now();
  SimulationView view(std::move(meshes));
  view.applyPreset(options.preset);
  view.scene().setViewDirection(options.camera.view_direction, options.camera.up);
  if (options.force_scale) view.setForceScale(*options.force_scale);
  if (options.setup) options.setup(view);

  SimulationFrame frame;
  if (!next_frame(frame)) throw std::runtime_error(out.string() + ": no frames to render");

  VideoReport report;
  report.first_time = frame.time;
  VideoCapture video(view.scene(), out, options.width, options.height, options.frames_per_second);
  bool force_scale_fitted = options.force_scale.has_value();
  do {
    view.update(frame);  // the first update frames the camera
    if (report.frames == 0 && options.camera.eye && options.camera.target) {
      view.scene().setCamera(*options.camera.eye, *options.camera.target, options.camera.up);
    } else if (report.frames > 0 && options.camera.follow) {
      view.scene().resetCamera();
    }
    if (!force_scale_fitted) {
      for (const ContactDiagnostics& c : frame.contacts) {
        if (c.normal_force > 0.0 || c.friction_force.norm() > 0.0) force_scale_fitted = true;
      }
      if (force_scale_fitted) view.fitForceScale(frame);
    }
    video.addFrame();
    if (options.progress) options.progress(report.frames, frame);
    report.last_time = frame.time;
    ++report.frames;
  } while (next_frame(frame));
  video.close();
  report.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace contactsim::render
