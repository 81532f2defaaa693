// A video of a recording (File ▸ Export video…) without any dialog: the chosen span of simulated
// time sampled at the chosen frame rate (one video second per simulated second), rendered
// off-screen with the clean-video layers and the window's force scale.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "force_scale.h"
#include "render_video.h"

namespace contactsim::gui {

struct VideoExportOptions {
  double frames_per_second = 30.0;
  int width = 1280, height = 720;
  // Simulated times of the first and last frame; default: the recording's first and last.
  std::optional<double> from, to;
  std::optional<render::ForceScale> force_scale;  // default: fitted to the first forces
};

// The simulated times of a recording's first and last frame. Throws (message names the file)
// for a file that is not a readable recording or has no frame.
std::pair<double, double> recordingSpan(const std::filesystem::path& recording);

// Called after each frame is written with its index from 0 and the frame count; returning false
// ends the video there (cancel).
using VideoExportProgress = std::function<bool(int frame, int frames)>;

struct VideoExportResult {
  render::VideoReport report;
  // Why the video shows no cables or joint axes (the recorded scene does not read; the message
  // names the file), or empty when they are drawn.
  std::string overlays_missing;
};

// Writes the video to `out` (.ogv, or .mp4 when ffmpeg is installed). Throws std::runtime_error
// naming the file at fault: an unreadable recording, options out of range (fps not in (0, 240],
// an empty or reversed span), an unknown extension, a file that cannot be written.
VideoExportResult exportRecordingVideo(const std::filesystem::path& recording,
                                       const std::filesystem::path& out,
                                       const VideoExportOptions& options,
                                       const VideoExportProgress& progress = {});

}  // namespace contactsim::gui
