const clientOnly = (id, name, category, description) => ({
    id,
    name,
    category,
    description,
    clientOnly: true,
});
/** Tools that need a browser API of the user's device: listed in the catalog, refused by execute. */
export const clientOnlyTools = [
    clientOnly("camera-recorder", "Camera Recorder", "images/qr", "Take photos or record video from the webcam (getUserMedia + MediaRecorder)."),
    clientOnly("clipboard-inspector", "Clipboard Inspector", "dev", "Show what is on the clipboard, for every MIME type (Async Clipboard API / paste event)."),
    clientOnly("keycode-info", "Keycode Info", "dev", "Show key, code, keyCode, location and modifiers for a pressed key."),
    clientOnly("device-information", "Device Information", "web", "Browser and device facts: user agent, platform, languages, hardwareConcurrency, deviceMemory, time zone, touch support."),
    clientOnly("screen-info", "Screen Info", "web", "Screen and viewport: screen size, available size, devicePixelRatio, colorDepth, orientation, inner size."),
    clientOnly("geolocation", "Geolocation", "web", "The device position (latitude, longitude, accuracy) from navigator.geolocation."),
    clientOnly("eyedropper-color-picker", "Eyedropper Color Picker", "images/qr", "Pick the colour of any pixel on screen (EyeDropper API), then convert it."),
];
