// Starts Swagger UI on the document this deployment serves. A file of its own, so the page needs no inline script.
window.addEventListener("DOMContentLoaded", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/v1/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    // The default validator badge would call validator.swagger.io: no request may leave this deployment.
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
    docExpansion: "none",
    filter: true,
    // Session routes need the dashboard cookie: same-origin requests carry it.
    withCredentials: true,
  });
});
