// Off-screen rendering of a scene view into a video file, frame by frame: .ogv through VTK's
// vtkOggTheoraWriter (Debian's VTK has no FFMPEG writer), .mp4 by piping raw RGB frames to the
// `ffmpeg` program when it is installed (detected at run time).
#pragma once

#include <filesystem>
#include <memory>
#include <optional>

#include "scene_view.h"

namespace contactsim::render {

enum class VideoFormat { OggTheora, Mp4 };

// By extension (case-insensitive): .ogv/.ogg → OggTheora, .mp4 → Mp4; nullopt otherwise.
std::optional<VideoFormat> videoFormatOf(const std::filesystem::path& file);
// Whether an executable `ffmpeg` is on PATH.
bool ffmpegAvailable();

class VideoCapture {
 public:
  // Attaches `view` to an off-screen window of width x height (rounded up to even numbers, as
  // 4:2:0 video needs) until close(). Throws std::runtime_error naming the file for an unknown
  // extension, an .mp4 without ffmpeg, or a writer that cannot start.
  VideoCapture(SceneView& view, const std::filesystem::path& file, int width, int height,
               double frames_per_second);
  ~VideoCapture();  // closes, ignoring errors: call close() to see them
  VideoCapture(const VideoCapture&) = delete;
  VideoCapture& operator=(const VideoCapture&) = delete;

  // Renders the view as it is now and appends the image.
  void addFrame();
  // Finishes the file and gives the view back to its previous window. Throws
  // std::runtime_error when the encoder failed or the file is missing or empty.
  void close();

  int frameCount() const;
  int width() const;
  int height() const;
  VideoFormat format() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace contactsim::render
